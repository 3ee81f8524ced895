//! The unit tests of `import/convert/sections.rs`.

use super::*;

#[test]
fn a_title_cvpdf_prints_means_its_section_in_every_language() {
    for (title, section) in [
        ("Interests & Hobbies", Section::Hobbies),
        ("Summary", Section::Bio),
        ("学术报告", Section::Talks),
        ("Eingeladene Vorträge", Section::Talks),
        ("research interests", Section::Interests),
    ] {
        assert_eq!(meaning(title), Some(section), "{title}");
    }
}

#[test]
fn titles_in_ten_languages_and_their_synonyms() {
    for (title, section) in [
        ("EDUCACIÓN", Section::Education),
        ("Formation", Section::Education),
        ("Ausbildung", Section::Education),
        ("教育背景", Section::Education),
        ("Образование", Section::Education),
        ("학력", Section::Education),
        ("research_experience", Section::Experience),
        ("Experiência Profissional", Section::Experience),
        ("職歴", Section::Experience),
        ("Awards/Honors", Section::Awards),
        ("Distinctions", Section::Awards),
        ("受賞", Section::Awards),
        ("Teaching Experience", Section::Teaching),
        ("Programming Languages", Section::Skills),
        ("Languages", Section::Languages),
        ("Idiomas", Section::Languages),
        ("Invited Talks", Section::Talks),
        ("Selected Publications", Section::Publications),
        ("Professional Service", Section::Service),
        ("Research Interests", Section::Interests),
        ("Interests", Section::Hobbies),
        ("Summary", Section::Bio),
    ] {
        assert_eq!(meaning(title), Some(section), "{title}");
    }
    for title in [
        "community_leadership",
        "Projects",
        "Computational Biology",
        "Stools",
    ] {
        assert_eq!(meaning(title), None, "{title}");
    }
}

#[test]
fn issue_48_titles_of_grants_and_awards_together_are_told() {
    for title in ["Grants and Awards", "Honors & Funding", "Awards – Grants"] {
        assert_eq!(meaning(title), Some(Section::Awards), "{title}");
        assert!(grants_and_awards(title), "{title}");
    }
    for title in ["Awards", "Grants", "Funding", "Honors"] {
        assert!(!grants_and_awards(title), "{title}");
    }
}
