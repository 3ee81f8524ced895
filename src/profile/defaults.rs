//! What written YAML leaves out: values at their default.

/// For `skip_serializing_if`: written YAML leaves out what is at its default.
pub(crate) fn is_false(value: &bool) -> bool {
    !*value
}

/// For `skip_serializing_if`: written YAML leaves out what is at its default.
pub(crate) fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}
