//! "Did you mean …?": the one place that suggests a known name for a misspelt one.

use super::Problem;

/// The candidate closest to `word`, if one is close enough to be a likely typo or an
/// abbreviation (`pubs` for `publications`).
fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_lowercase();
    candidates
        .into_iter()
        .map(|c| {
            let candidate = c.to_lowercase();
            let typo = strsim::jaro_winkler(&word, &candidate);
            let abbreviation = if is_abbreviation(&word, &candidate) {
                0.85
            } else {
                0.0
            };
            (typo.max(abbreviation), c)
        })
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// The candidate closest to `word`, when one is close enough to be what was meant.
pub(crate) fn close_to<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    did_you_mean(word, candidates)
}

/// An error for an unknown name: `unknown {what} "{value}"`, followed by `, did you mean
/// "{best}"?` when a candidate is close; otherwise with the help `otherwise` gives (a list of
/// the known names, usually).
pub(crate) fn unknown<'a>(
    what: &str,
    value: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    otherwise: impl FnOnce() -> String,
) -> Problem {
    match did_you_mean(value, candidates) {
        Some(best) => Problem::error(format!(
            "unknown {what} \"{value}\", did you mean \"{best}\"?"
        )),
        None => Problem::error(format!("unknown {what} \"{value}\"")).with_help(otherwise()),
    }
}

/// Whether `word` (three letters or more) starts like `candidate` and its letters appear in
/// `candidate` in order: `pubs` → `publications`, `edu` → `education`.
fn is_abbreviation(word: &str, candidate: &str) -> bool {
    let mut rest = candidate.chars();
    word.chars().count() >= 3
        && word.chars().next() == candidate.chars().next()
        && word.chars().all(|c| rest.any(|d| d == c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        let fields = ["institution", "degree", "location", "start", "end"];
        assert_eq!(did_you_mean("instituton", fields), Some("institution"));
        assert_eq!(did_you_mean("Degre", fields), Some("degree"));
        assert_eq!(did_you_mean("salary", fields), None);
        assert_eq!(
            did_you_mean("pubs", ["publications", "talks"]),
            Some("publications")
        );
        assert_eq!(
            did_you_mean("edu", ["education", "experience"]),
            Some("education")
        );
    }

    #[test]
    fn unknown_names_get_a_suggestion_or_the_help() {
        let p = unknown("colour", "bleu", ["blue", "navy"], || "unused".into());
        assert_eq!(p.message, "unknown colour \"bleu\", did you mean \"blue\"?");
        assert_eq!(p.help, None);
        let p = unknown("colour", "zzz", ["blue"], || "one of: blue".into());
        assert_eq!(p.message, "unknown colour \"zzz\"");
        assert_eq!(p.help.as_deref(), Some("one of: blue"));
    }
}
