//! How the profile format writes people: an author's trailing marks (`*` equal
//! contribution, `†` corresponding author), and names compared as a reader would (case and
//! punctuation aside), which is how the own name is found in an author list.

/// Lower case, punctuation as spaces, single spaces: `Z. Zhang` → `z zhang`.
pub fn normalize_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_lowercase().next().unwrap_or(c)
            } else {
                ' '
            }
        })
        .collect();
    super::one_line(&cleaned)
}

/// An author as written in a profile, split into the name and its trailing marks: `*` equal
/// contribution, `†` corresponding author (`Ada Li*†` → `Ada Li`, true, true).
pub fn author_marks(raw: &str) -> (&str, bool, bool) {
    let mut name = raw.trim();
    let (mut equal, mut corresponding) = (false, false);
    loop {
        if let Some(rest) = name.strip_suffix('*') {
            equal = true;
            name = rest.trim_end();
        } else if let Some(rest) = name.strip_suffix('†') {
            corresponding = true;
            name = rest.trim_end();
        } else {
            break;
        }
    }
    (name, equal, corresponding)
}

/// An author's marks written back after the name, in the profile's order: `*`, then `†`.
pub fn with_marks(name: &str, equal: bool, corresponding: bool) -> String {
    let mut out = name.to_string();
    if equal {
        out.push('*');
    }
    if corresponding {
        out.push('†');
    }
    out
}

/// Whether two author names (marks off) may name one person: the same words (case,
/// punctuation and accents aside), or the same surname with given names that agree — each
/// given name of the shorter list in full or as an initial, in order, among the other's
/// (`Z. Zhang` and `Zili Zhang`, `Zhang, Zili` and `Zili Zhang`, `José García` and `Jose
/// Garcia`, `Ada Lovelace` and `Augusta Ada Lovelace`).
pub fn same_author(a: &str, b: &str) -> bool {
    let folded = |s: &str| normalize_name(&deunicode::deunicode(s));
    let (a, b) = (folded(a), folded(b));
    if a == b {
        return true;
    }
    let words = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
    let (wa, wb) = (words(&a), words(&b));
    if wa.len() < 2 || wb.len() < 2 {
        return false;
    }
    let (na, nb) = (wa.len(), wb.len());
    // "Surname, Given" arrives as `surname given`: the surname at either end of each.
    (wa[na - 1] == wb[nb - 1] && given_names_agree(&wa[..na - 1], &wb[..nb - 1]))
        || (wa[0] == wb[nb - 1] && given_names_agree(&wa[1..], &wb[..nb - 1]))
        || (wa[na - 1] == wb[0] && given_names_agree(&wa[..na - 1], &wb[1..]))
}

/// Whether each given name of the shorter list stands, in order, among the longer's: the same
/// word, or one an initial of the other.
fn given_names_agree(x: &[String], y: &[String]) -> bool {
    let (short, long) = if x.len() <= y.len() { (x, y) } else { (y, x) };
    let one = |p: &String, q: &String| {
        p == q
            || (p.chars().count() == 1 && q.starts_with(p.as_str()))
            || (q.chars().count() == 1 && p.starts_with(q.as_str()))
    };
    let mut rest = long.iter();
    short.iter().all(|p| rest.any(|q| one(p, q)))
}

/// The authors `new` with the marks that `old` gave the same people: a list updated from a
/// service or a .bib keeps the `*` and `†` the user added. An author of `new` is the one of
/// `old` with the same name, else one whose name may be the same person's
/// ([`same_author`], the same place preferred). Marks `new` already has stay.
pub fn carry_marks(old: &[String], new: &[String]) -> Vec<String> {
    carried(old, new).0
}

/// The authors of `old` (as written) whose marks [`carry_marks`] could give to no one of
/// `new`: the user's additions an update would drop, to be said.
pub fn marks_lost(old: &[String], new: &[String]) -> Vec<String> {
    carried(old, new).1
}

/// [`carry_marks`] and [`marks_lost`] at once.
fn carried(old: &[String], new: &[String]) -> (Vec<String>, Vec<String>) {
    let olds: Vec<(&str, bool, bool)> = old.iter().map(|a| author_marks(a)).collect();
    let news: Vec<(&str, bool, bool)> = new.iter().map(|a| author_marks(a)).collect();
    let mut used = vec![false; olds.len()];
    let mut from: Vec<Option<usize>> = vec![None; news.len()];
    // Same names first, then names that may be one person's (the same place preferred), so
    // that a loose match never takes the author an exact one belongs to.
    let rules: [fn(&str, &str) -> bool; 2] =
        [|a, b| normalize_name(a) == normalize_name(b), same_author];
    for rule in rules {
        for (at, (name, ..)) in news.iter().enumerate() {
            if from[at].is_some() {
                continue;
            }
            let free = |i: &usize| !used[*i] && rule(olds[*i].0, name);
            let found = Some(at).filter(|i| *i < olds.len() && free(i));
            if let Some(i) = found.or_else(|| (0..olds.len()).find(free)) {
                used[i] = true;
                from[at] = Some(i);
            }
        }
    }
    let authors = news
        .iter()
        .zip(new)
        .zip(from)
        .map(|(((name, equal, corresponding), raw), from)| match from {
            Some(i) if (olds[i].1 && !equal) || (olds[i].2 && !corresponding) => {
                with_marks(name, *equal || olds[i].1, *corresponding || olds[i].2)
            }
            _ => raw.clone(),
        })
        .collect();
    let lost = old
        .iter()
        .zip(&olds)
        .zip(used)
        .filter(|((_, (_, equal, corresponding)), used)| (*equal || *corresponding) && !used)
        .map(|((raw, _), _)| raw.trim().to_string())
        .collect();
    (authors, lost)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_come_off_and_names_match_loosely() {
        assert_eq!(author_marks(" Ada Li *† "), ("Ada Li", true, true));
        assert_eq!(author_marks("Ada Li"), ("Ada Li", false, false));
        assert_eq!(normalize_name("Z. Zhang"), "z zhang");
        assert_eq!(normalize_name("ZHANG,  Zili"), "zhang zili");
    }

    #[test]
    fn marks_the_user_added_survive_an_updated_author_list() {
        let old = ["Ada Lovelace*", "Z. Zhang *†", "Grace Hopper"].map(String::from);
        // Reordered, spelt out, a new co-author: each mark goes with its person.
        let new = ["Zili Zhang", "Ada Lovelace", "Grace Hopper", "Alan Turing"].map(String::from);
        assert_eq!(
            carry_marks(&old, &new),
            [
                "Zili Zhang*†",
                "Ada Lovelace*",
                "Grace Hopper",
                "Alan Turing"
            ]
        );
        let new = ["Ada Lovelace", "Zili Zhang", "Grace Hopper"].map(String::from);
        assert_eq!(
            carry_marks(&old, &new),
            ["Ada Lovelace*", "Zili Zhang*†", "Grace Hopper"]
        );
        // Not someone else at that place; marks the new list has stay.
        let new = ["Ada Lovelace", "Wei Zhang", "Grace Hopper†"].map(String::from);
        assert_eq!(
            carry_marks(&old, &new),
            ["Ada Lovelace*", "Wei Zhang", "Grace Hopper†"]
        );
        // Found by probing: accents and a further given name lost the mark.
        let old = ["Jose Garcia*", "Ada Lovelace†"].map(String::from);
        let new = ["José García", "Augusta Ada Lovelace"].map(String::from);
        assert_eq!(
            carry_marks(&old, &new),
            ["José García*", "Augusta Ada Lovelace†"]
        );
        assert!(!same_author("Ada Lovelace", "Augusta Byron Lovelace"));
        // A marked author who is no longer on the list is said, not dropped quietly.
        let old = ["Ada Lovelace*", "Grace Hopper†", "Alan Turing"].map(String::from);
        let new = ["Ada Lovelace", "Alan Turing"].map(String::from);
        assert_eq!(marks_lost(&old, &new), ["Grace Hopper†"]);
        assert!(marks_lost(&old, &old).is_empty());
        assert!(same_author("Zhang, Zili", "Zili Zhang"));
        assert!(same_author("Z. Zhang", "Zili Zhang"));
        assert!(!same_author("W. Zhang", "Zili Zhang"));
        assert!(!same_author("Zhang", "Zili Zhang"));
    }
}
