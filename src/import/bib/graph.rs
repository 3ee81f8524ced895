//! What the biblatex crate resolves recursively, checked before it does: `@string`
//! abbreviations that refer to each other, and entries that `crossref` or `xdata` other
//! entries. A loop in either overflowed the stack; a chain of abbreviations that doubles at each
//! step expands exponentially. Here both graphs are walked once, with memoised results, so the
//! work is linear in the file.

use crate::diag::Problem;
use std::collections::HashMap;

use biblatex::{RawBibliography, RawChunk};

/// The most characters all fields of a file may expand to once abbreviations are replaced;
/// a real bibliography expands to little more than its own size.
pub const MAX_EXPANDED_CHARS: u64 = 16 * 1024 * 1024;

/// The longest chain of `crossref`/`xdata` parents (`a` → `b` → `c` is 2).
pub const MAX_PARENT_DEPTH: usize = 8;

/// Where a byte offset is, as `line:column` (1-based, columns in characters).
pub fn line_col(text: &str, offset: usize) -> String {
    let (line, column) = crate::input::line_column(text, offset);
    format!("{line}:{column}")
}

/// The deepest braces may nest, counting the entry's own (`@misc{k, title = {{A}}}` is 3);
/// the crate's field parser takes time quadratic in the depth.
pub const MAX_BRACE_DEPTH: usize = 32;

/// Checks that braces nest at most [`MAX_BRACE_DEPTH`] deep, before any parser recurses.
pub fn check_nesting(text: &str) -> Result<(), Problem> {
    let mut depth = 0usize;
    let mut escaped = false;
    for (at, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '{' => {
                depth += 1;
                if depth > MAX_BRACE_DEPTH {
                    return Err(Problem::error(format!(
                        "braces nest more than {MAX_BRACE_DEPTH} levels deep here"
                    ))
                    .with_span(at..at + 1));
                }
            }
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

/// Each `@string`'s index by its name (the last of a name, as the crate takes it).
fn string_indices<'a>(raw: &RawBibliography<'a>) -> HashMap<&'a str, usize> {
    raw.abbreviations
        .iter()
        .enumerate()
        .map(|(i, pair)| (pair.key.v, i))
        .collect()
}

/// Checks the `@string` graph: an error names the first loop or the expansion that is too
/// large, with its position.
pub fn check_abbreviations(raw: &RawBibliography) -> Result<(), Problem> {
    let strings = string_indices(raw);
    // Expanded length of each abbreviation: None while being expanded (a loop if met again).
    let mut lengths: Vec<Option<Option<u64>>> = vec![None; raw.abbreviations.len()];
    for start in 0..raw.abbreviations.len() {
        expand(start, raw, &strings, &mut lengths).map_err(|chain| {
            let names: Vec<&str> = chain.iter().map(|&i| raw.abbreviations[i].key.v).collect();
            Problem::error(format!(
                "the @string abbreviations refer to each other in a loop ({})",
                names.join(" → ")
            ))
            .with_span(raw.abbreviations[chain[0]].key.span.clone())
        })?;
    }
    let mut total: u64 = 0;
    for entry in &raw.entries {
        for pair in &entry.v.fields {
            total = total.saturating_add(field_length(&pair.value.v, &strings, &lengths));
        }
        if total > MAX_EXPANDED_CHARS {
            return Err(Problem::error(format!(
                "with its @string abbreviations replaced, the file grows past {} MiB by this \
                 entry; is an abbreviation defined from itself twice over?",
                MAX_EXPANDED_CHARS / 1024 / 1024
            ))
            .with_span(entry.span.start..entry.span.start + 1));
        }
    }
    Ok(())
}

/// Expanded length of abbreviation `i`, memoised; on a loop, the chain of abbreviations from
/// the repeated one back to it.
fn expand(
    i: usize,
    raw: &RawBibliography,
    strings: &HashMap<&str, usize>,
    lengths: &mut [Option<Option<u64>>],
) -> Result<u64, Vec<usize>> {
    // An explicit stack: a chain of 100,000 abbreviations must not recurse that deep.
    let mut stack: Vec<(usize, usize)> = vec![(i, 0)];
    if let Some(Some(done)) = lengths[i] {
        return Ok(done);
    }
    lengths[i] = Some(None);
    while let Some(&mut (current, ref mut next)) = stack.last_mut() {
        let field = &raw.abbreviations[current].value.v;
        let mut descended = false;
        while *next < field.len() {
            let chunk = &field[*next].v;
            *next += 1;
            let RawChunk::Abbreviation(name) = chunk else {
                continue;
            };
            let Some(&child) = strings.get(name) else {
                continue;
            };
            match lengths[child] {
                Some(Some(_)) => {}
                Some(None) => {
                    let from = stack.iter().position(|&(s, _)| s == child).unwrap_or(0);
                    let mut chain: Vec<usize> = stack[from..].iter().map(|&(s, _)| s).collect();
                    chain.push(child);
                    return Err(chain);
                }
                None => {
                    lengths[child] = Some(None);
                    stack.push((child, 0));
                    descended = true;
                    break;
                }
            }
        }
        if !descended {
            let length = field_length(field, strings, lengths);
            lengths[current] = Some(Some(length));
            stack.pop();
        }
    }
    Ok(lengths[i].flatten().unwrap_or(0))
}

/// Replaces every `@string` abbreviation in the entries' fields with the chunks it stands
/// for, all the way down, without recursion: the crate would resolve a chain of them by
/// recursing once per link, and a chain of 50,000 overflowed the stack. What is left for the
/// crate is month macros. Abbreviations must have been checked first ([`check_abbreviations`]
/// bounds what this makes, and the steps it takes); an undefined one inside an `@string` is
/// left out, as BibTeX does.
pub fn flatten_abbreviations(raw: &mut RawBibliography) {
    let strings = string_indices(raw);
    let abbreviations = &raw.abbreviations;
    for entry in &mut raw.entries {
        for pair in &mut entry.v.fields {
            if !pair
                .value
                .v
                .iter()
                .any(|c| matches!(c.v, RawChunk::Abbreviation(n) if strings.contains_key(n)))
            {
                continue;
            }
            let mut out = Vec::new();
            // Chunks still to place, last first.
            let mut pending: Vec<&biblatex::Spanned<RawChunk>> =
                pair.value.v.iter().rev().collect();
            while let Some(chunk) = pending.pop() {
                match chunk.v {
                    RawChunk::Abbreviation(name) => match strings.get(name) {
                        Some(&i) => pending.extend(abbreviations[i].value.v.iter().rev()),
                        None if is_month_macro(name) => out.push(chunk.clone()),
                        None => {}
                    },
                    RawChunk::Normal(_) => out.push(chunk.clone()),
                }
            }
            pair.value.v = out;
        }
    }
}

/// Length of a field with the abbreviations it uses already measured.
fn field_length(
    field: &[biblatex::Spanned<RawChunk>],
    strings: &HashMap<&str, usize>,
    lengths: &[Option<Option<u64>>],
) -> u64 {
    field
        .iter()
        .map(|chunk| match chunk.v {
            // A chunk costs at least one, so that empty ones cannot multiply unseen.
            RawChunk::Normal(s) => s.len() as u64 + 1,
            // As is each reference, so that the measure bounds the steps of expanding too.
            RawChunk::Abbreviation(name) => strings
                .get(name)
                .and_then(|&i| lengths[i].flatten())
                .map_or(name.len() as u64, |l| l.saturating_add(1)),
        })
        .fold(0, u64::saturating_add)
}

/// Entries whose `crossref`/`xdata` parents loop back to them or nest too deep, each with the
/// reason, so they can be left out (the rest of the file is imported). Abbreviations must have
/// been checked first.
pub fn unresolvable_entries(raw: &RawBibliography) -> Vec<(String, String)> {
    let keys: HashMap<&str, usize> = raw
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| (e.v.key.v, i))
        .collect();
    let parents: Vec<Vec<usize>> = raw
        .entries
        .iter()
        .map(|entry| {
            let mut out = Vec::new();
            for pair in &entry.v.fields {
                let name = pair.key.v.to_ascii_lowercase();
                if name != "crossref" && name != "xdata" {
                    continue;
                }
                let value: String = pair
                    .value
                    .v
                    .iter()
                    .filter_map(|c| match c.v {
                        RawChunk::Normal(s) => Some(s),
                        RawChunk::Abbreviation(_) => None,
                    })
                    .collect();
                let targets: Vec<&str> = if name == "xdata" {
                    value.split(',').map(str::trim).collect()
                } else {
                    vec![value.trim()]
                };
                out.extend(targets.iter().filter_map(|t| keys.get(t).copied()));
            }
            out
        })
        .collect();
    let results = resolve_parents(&parents, raw);
    raw.entries
        .iter()
        .zip(results)
        .filter_map(|(entry, result)| result.err().map(|why| (entry.v.key.v.to_string(), why)))
        .collect()
}

/// The most entries resolving one entry may visit (counting an entry again each time it is
/// reached by another path, as the resolver does).
pub const MAX_PARENT_VISITS: u64 = 1_000;

/// One entry's parents, once walked: (chain depth, entries visited) or why they cannot be
/// resolved.
type Walked = Result<(usize, u64), String>;

/// Walks the parent graph once (iteratively, memoised), so it ends quickly on any graph.
fn resolve_parents(parents: &[Vec<usize>], raw: &RawBibliography) -> Vec<Walked> {
    let name = |i: usize| raw.entries[i].v.key.v;
    // None: not reached yet; Some(None): being walked (on the stack).
    let mut done: Vec<Option<Option<Walked>>> = vec![None; parents.len()];
    for start in 0..parents.len() {
        if done[start].is_some() {
            continue;
        }
        done[start] = Some(None);
        let mut stack: Vec<(usize, usize, Option<String>)> = vec![(start, 0, None)];
        while let Some((current, next, found)) = stack.last_mut() {
            let current = *current;
            if let Some(&parent) = parents[current].get(*next) {
                *next += 1;
                match &done[parent] {
                    None => {
                        done[parent] = Some(None);
                        stack.push((parent, 0, None));
                    }
                    Some(None) if found.is_none() => {
                        let at = stack.iter().position(|&(s, _, _)| s == parent).unwrap_or(0);
                        let mut chain: Vec<&str> =
                            stack[at..].iter().map(|&(s, _, _)| name(s)).collect();
                        chain.push(name(parent));
                        let why = if chain.len() == 2 {
                            "it is its own crossref".to_string()
                        } else {
                            format!("crossref loop {}", chain.join(" → "))
                        };
                        if let Some(top) = stack.last_mut() {
                            top.2 = Some(why);
                        }
                    }
                    _ => {}
                }
                continue;
            }
            let found = found.take();
            let result = match found {
                Some(why) => Err(why),
                None => parents[current]
                    .iter()
                    .try_fold((0, 1u64), |(depth, visits), &p| {
                        match &done[p] {
                            Some(Some(Ok((d, v)))) => {
                                Ok((depth.max(d + 1), visits.saturating_add(*v)))
                            }
                            Some(Some(Err(why))) => Err(why.clone()),
                            // A parent still on the stack: the loop is reported where it closes.
                            _ => Ok((depth, visits)),
                        }
                    }),
            };
            let result = result.and_then(|(depth, visits)| {
                if depth > MAX_PARENT_DEPTH {
                    Err(format!("its crossref chain is more than {MAX_PARENT_DEPTH} entries deep"))
                } else if visits > MAX_PARENT_VISITS {
                    Err(format!(
                        "resolving its crossref and xdata parents visits more than {MAX_PARENT_VISITS} entries"
                    ))
                } else {
                    Ok((depth, visits))
                }
            });
            done[current] = Some(Some(result));
            stack.pop();
            // A loop makes every entry on it unresolvable, not only where it closed.
            if let (Some(Some(Err(why))), Some(below)) = (&done[current], stack.last_mut()) {
                if below.2.is_none() {
                    below.2 = Some(why.clone());
                }
            }
        }
    }
    done.into_iter()
        .map(|d| d.flatten().unwrap_or(Ok((0, 1))))
        .collect()
}

/// Whether `name` is a month macro BibTeX defines (`jan` … `dec`).
pub(super) fn is_month_macro(name: &str) -> bool {
    [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]
    .contains(&name.to_ascii_lowercase().as_str())
}

#[cfg(test)]
mod tests;
