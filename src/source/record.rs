//! Grants and supervision as the template receives them.

use super::fields::{list, opt_date, opt_end, Prose};
use super::value::Value;
use crate::profile::{Grant, Level, Role, Supervision};

/// The grants, in the profile's order.
pub(super) fn grants_value(grants: &[Grant], t: Prose) -> Value {
    list(grants, |g| {
        Value::Dict(vec![
            ("title", t.rich(&g.title)),
            ("funder", t.opt_text(g.funder.as_ref())),
            ("program", t.opt_text(g.program.as_ref())),
            (
                "number",
                g.number.as_deref().map_or(Value::None, |n| t.text(n)),
            ),
            ("amount", g.amount.map_or(Value::None, amount)),
            (
                "currency",
                g.currency
                    .as_deref()
                    .map_or(Value::None, |c| Value::str(c.trim())),
            ),
            ("role", role(g.role.as_ref(), t)),
            ("start", opt_date(g.start)),
            ("end", opt_end(g.end)),
            ("expected", Value::Bool(g.expected)),
            ("note", t.opt_paragraphs(g.note.as_deref())),
        ])
    })
}

/// The people supervised as `(level, people)` groups in the order of [`Level::ALL`], each
/// listing the current ones first, then the former, in the profile's order within each.
pub(super) fn supervision_value(people: &[Supervision], t: Prose) -> Value {
    let mut groups = Vec::new();
    for level in Level::ALL {
        let mut members: Vec<&Supervision> = people.iter().filter(|s| s.level == level).collect();
        if members.is_empty() {
            continue;
        }
        // Stable: the profile's order among the current, and among the former.
        members.sort_by_key(|s| !s.is_current());
        let members = members
            .into_iter()
            .map(|s| {
                Value::Dict(vec![
                    ("name", t.text(&s.name)),
                    ("role", role(s.role.as_ref(), t)),
                    ("start", opt_date(s.start)),
                    ("end", opt_end(s.end)),
                    ("expected", Value::Bool(s.expected)),
                    ("current", Value::Bool(s.is_current())),
                    ("thesis", t.opt_rich(s.thesis.as_deref())),
                    ("now", t.opt_text(s.now.as_ref())),
                ])
            })
            .collect();
        groups.push(Value::Dict(vec![
            ("level", Value::str(<&str>::from(level))),
            ("people", Value::Array(members)),
        ]));
    }
    Value::Array(groups)
}

/// A role: `(key: "pi", text: none)` for a known one (the template prints its word), or
/// `(key: none, text: "…")`.
fn role<K: Copy + Into<&'static str>>(role: Option<&Role<K>>, t: Prose) -> Value {
    role.map_or(Value::None, |role| {
        t.known_or_text(
            "key",
            match role {
                Role::Known(k) => Ok(Value::str((*k).into())),
                Role::Other(text) => Err(text),
            },
        )
    })
}

/// An amount of money as its whole units (digits, for the template to group as the language
/// does) and its cents, when it has any.
fn amount(value: f64) -> Value {
    // Validation bounds the amount (0 to 10^13), so cents fit an integer exactly.
    let cents = (value * 100.0).round() as i64;
    let (whole, cents) = (cents / 100, cents % 100);
    Value::Dict(vec![
        ("whole", Value::Str(whole.to_string())),
        (
            "cents",
            if cents == 0 {
                Value::None
            } else {
                Value::Str(format!("{cents:02}"))
            },
        ),
    ])
}
