//! What the words of a foreign file say of a paper that is not yet out (`forthcoming`, `under
//! review`, `in preparation`, in the ten languages): its status. One rule for every importer,
//! so that a paper without a year is kept when the file says why (issue 48: such papers were
//! dropped), with the status that excuses the missing year.

use crate::profile::PublicationStatus;

/// Words and the status they say, most specific first (`accepted` before `submitted`).
const WORDS: &[(PublicationStatus, &[&str])] = &[
    (
        PublicationStatus::InPress,
        &[
            "in press",
            "forthcoming",
            "to appear",
            "en prensa",
            "no prelo",
            "sous presse",
            "à paraître",
            "im druck",
            "in stampa",
            "印刷中",
            "待刊",
            "게재 예정",
            "в печати",
        ],
    ),
    (
        PublicationStatus::Accepted,
        &[
            "accepted",
            "aceptado",
            "aceito",
            "accepté",
            "angenommen",
            "accettato",
            "已接收",
            "录用",
            "採録",
            "게재 승인",
            "принят",
        ],
    ),
    (
        PublicationStatus::InPreparation,
        &[
            "in preparation",
            "in prep",
            "en preparación",
            "em preparação",
            "en préparation",
            "in vorbereitung",
            "in preparazione",
            "准备中",
            "準備中",
            "준비 중",
            "в подготовке",
        ],
    ),
    (
        PublicationStatus::Submitted,
        &[
            "under review",
            "submitted",
            "in review",
            "under revision",
            "revise and resubmit",
            "r&r",
            "en revisión",
            "enviado",
            "em revisão",
            "soumis",
            "eingereicht",
            "sottomesso",
            "in revisione",
            "审稿中",
            "投稿中",
            "査読中",
            "심사 중",
            "на рецензии",
        ],
    ),
];

/// The status that `texts` (a date field, a venue, a note) say of a paper, if they say one.
pub fn said_status<'a>(texts: impl IntoIterator<Item = &'a str>) -> Option<PublicationStatus> {
    let lower: Vec<String> = texts.into_iter().map(str::to_lowercase).collect();
    WORDS.iter().find_map(|(status, words)| {
        lower
            .iter()
            .any(|t| words.iter().any(|w| t.contains(w)))
            .then_some(*status)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue_48_words_that_say_a_paper_is_not_out_yet() {
        assert_eq!(
            said_status(["Forthcoming"]),
            Some(PublicationStatus::InPress)
        );
        assert_eq!(
            said_status(["Nature", "Under review"]),
            Some(PublicationStatus::Submitted)
        );
        assert_eq!(
            said_status(["in preparation"]),
            Some(PublicationStatus::InPreparation)
        );
        assert_eq!(said_status(["Nature 2021"]), None);
    }
}
