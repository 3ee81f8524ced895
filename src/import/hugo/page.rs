//! A Hugo page cut into its front matter (YAML, TOML or JSON, as Hugo reads them) and its
//! Markdown body.

use crate::import::Warning;
use serde_json::Value;

use crate::diag::Problem;

/// A page's front matter, in the language it is written in.
pub(super) enum FrontMatter<'a> {
    /// Between `---` lines (or a whole data file).
    Yaml(&'a str),
    /// Between `+++` lines.
    Toml(&'a str),
    /// Hugo's third kind: a JSON object at the top, the body after it.
    Json(Value),
}

/// A TOML value as JSON: a date or time (`date = 2020-01-01`, unquoted, is one) as the text
/// it was written as, where serde would make it an object no field reads.
pub(super) fn toml_json(value: toml::Value) -> Value {
    match value {
        toml::Value::String(s) => Value::String(s),
        toml::Value::Integer(i) => Value::from(i),
        toml::Value::Float(f) => Value::from(f),
        toml::Value::Boolean(b) => Value::Bool(b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(items) => Value::Array(items.into_iter().map(toml_json).collect()),
        toml::Value::Table(table) => Value::Object(
            table
                .into_iter()
                .map(|(key, value)| (key, toml_json(value)))
                .collect(),
        ),
    }
}

/// A JSON object at the start of `text` (Hugo's JSON front matter), and the text after it.
pub(crate) fn json_front_matter(text: &str) -> Option<(Value, &str)> {
    let mut values = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    let value = values.next()?.ok().filter(Value::is_object)?;
    Some((value, &text[values.byte_offset()..]))
}

/// The YAML front matter `front` (a slice of the page `text`) as a value, and a warning when
/// a key is given twice (the later value is the one read, as Hugo's older YAML reader did;
/// its newer one refuses the page, and a real page of a public site had `skills` twice, so
/// the page is read, not refused, and the warning names both lines). An error names the
/// page's place (its span is in `text`), not the front matter's.
pub(super) fn yaml_front(text: &str, front: &str) -> Result<(Value, Option<Warning>), Problem> {
    // Where the front matter starts in the page, when `front` lies within it.
    let at = (front.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
    let (page, at) = if at <= text.len() {
        (text, at)
    } else {
        (front, 0)
    };
    let line = |offset: usize| crate::diag::line_column(page, at + offset).0;
    let value = serde_yaml::from_str::<Value>(front)
        .map_err(|e| crate::import::syntax::yaml("the front matter is not valid YAML", &e, at))?;
    if let Ok(index) = crate::yaml::spans::SpanIndex::build(front) {
        let twice = index.nodes().into_iter().find(|(path, _)| {
            index.is_repeated(path) && !index.is_repeated(crate::yaml::spans::parent(path))
        });
        if let Some((path, key)) = twice.and_then(|(path, node)| Some((path, node.key.clone()?))) {
            let name = &front[key.clone()];
            let column = key.start - front[..key.start].rfind('\n').map_or(0, |i| i + 1);
            // The second time: a later line with the key at the same column.
            let again = front[key.end..]
                .match_indices('\n')
                .map(|(i, _)| key.end + i + 1)
                .find(|&start| {
                    let rest = &front[start..];
                    rest.get(..column)
                        .is_some_and(|lead| lead.trim().is_empty())
                        && rest.get(column..).is_some_and(|r| {
                            r.strip_prefix(name)
                                .is_some_and(|r| r.trim_start().starts_with(':'))
                        })
                });
            // Placed at the second line, where there is one.
            let second = again.map_or(String::new(), |at| format!("line {}", line(at)));
            let warning = Warning::at(
                second,
                format!(
                    "`{path}` is given twice in the front matter (first on line {}); the later \
                     one is read (newer Hugo refuses such a page): keep one",
                    line(key.start)
                ),
            );
            return Ok((value, Some(warning)));
        }
    }
    Ok((value, None))
}

/// The front matter and the body of a Markdown page; a file without front matter is all
/// front matter (a data file).
pub(super) fn split_front_matter(text: &str) -> Result<(FrontMatter<'_>, &str), Problem> {
    if text.starts_with('{') {
        if let Some((value, body)) = json_front_matter(text) {
            return Ok((
                FrontMatter::Json(value),
                body.trim_start_matches(['\r', '\n']),
            ));
        }
    }
    for (fence, toml) in [("---", false), ("+++", true)] {
        if let Some(rest) = text.strip_prefix(fence) {
            let rest = rest
                .trim_start_matches([' ', '\t'])
                .strip_prefix('\n')
                .or_else(|| rest.strip_prefix("\r\n"))
                .unwrap_or(rest);
            let close = format!("\n{fence}");
            // An empty front matter closes on the next line.
            if let Some(body) = rest.strip_prefix(fence) {
                let body = body.trim_start_matches(['\r', '\n']);
                let front = if toml {
                    FrontMatter::Toml("")
                } else {
                    FrontMatter::Yaml("{}")
                };
                return Ok((front, body));
            }
            let end = rest.find(&close).ok_or_else(|| {
                Problem::error(format!("the front matter has no closing {fence}"))
                    .with_span(0..fence.len())
            })?;
            let front = rest[..end].strip_suffix('\r').unwrap_or(&rest[..end]);
            let body = rest[end + close.len()..].trim_start_matches(['\r', '\n']);
            return Ok((
                if toml {
                    FrontMatter::Toml(front)
                } else {
                    FrontMatter::Yaml(front)
                },
                body,
            ));
        }
    }
    Ok((FrontMatter::Yaml(text), ""))
}

/// The Markdown body as a biography: Hugo attribute lines (`{style="…"}`) and shortcodes are
/// theme matters and are dropped (with a warning).
pub(super) fn clean_body(body: &str, warnings: &mut Vec<Warning>) -> String {
    let mut kept = Vec::new();
    for line in body.lines() {
        let trimmed = line.trim();
        if (trimmed.starts_with('{') && trimmed.ends_with('}'))
            || trimmed.starts_with("{{<")
            || trimmed.starts_with("{{%")
        {
            warnings.push(Warning::at(
                "page body",
                format!("`{trimmed}` is Hugo markup, not text"),
            ));
            continue;
        }
        kept.push(line);
    }
    let text = kept.join("\n");
    // Paragraphs stay paragraphs; single line breaks inside one are spaces anyway.
    text.trim().to_string()
}
