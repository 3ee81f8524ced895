#!/usr/bin/env bash
# Installs the official Typst compiler (the version cvpdf embeds) into target/typst-cli, for the
# comparison in `cargo bench --bench lab`. Never run by CI. Takes ~10 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(grep -A1 '^name = "typst"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p')
cargo install typst-cli --locked --version "$version" --root target/typst-cli
echo "installed: $(target/typst-cli/bin/typst --version)"
