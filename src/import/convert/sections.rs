//! Which profile section a foreign section's title means, in the ten languages cvpdf speaks
//! and the synonyms CVs use: `Educación`, `Formation`, `Ausbildung`, `教育背景` are education;
//! `Honors`, `Distinctions`, `受賞` are awards; `Funding`, `Drittmittel` grants; `Students
//! Supervised`, `Encadrement` supervision. Importers put entries where the title says
//! and convert them with the fields they have; a title that says none of these is a section
//! of its own.

use crate::import::Warning;
use crate::profile::Section;

/// Words that mean each section, most specific first: the first rule with a word in the title
/// wins (`Teaching Experience` is teaching, `Programming Languages` skills).
const RULES: &[(Section, &[&str])] = &[
    (
        Section::Teaching,
        &[
            "teaching",
            "docencia",
            "enseñanza",
            "docência",
            "ensino",
            "enseignement",
            "lehre",
            "didattica",
            "insegnamento",
            "教学",
            "授课",
            "教學",
            "授業",
            "강의",
            "преподава",
        ],
    ),
    (
        Section::Supervision,
        &[
            "supervision",
            "supervised",
            "students",
            "mentoring",
            "mentees",
            "advising",
            "advisees",
            "postdocs",
            "dirección de tesis",
            "direccion de tesis",
            "tesis dirigidas",
            "estudiantes",
            "supervisão",
            "orientaç",
            "orientandos",
            "encadrement",
            "doctorants",
            "étudiants",
            "betreuung",
            "betreute",
            "doktorand",
            "supervisione",
            "studenti",
            "学生指导",
            "指导学生",
            "學生指導",
            "指導学生",
            "学生指導",
            "학생 지도",
            "지도 학생",
            "научное руководство",
            "аспирант",
        ],
    ),
    (
        Section::Skills,
        &[
            "skill",
            "technolog",
            "tools",
            "programming",
            "software",
            "competenc",
            "habilidad",
            "conocimientos",
            "competênc",
            "compétence",
            "kenntnisse",
            "fähigkeit",
            "competenze",
            "技能",
            "技术",
            "技術",
            "スキル",
            "기술",
            "навык",
        ],
    ),
    (
        Section::Grants,
        &[
            "grant",
            "funding",
            "research support",
            "financiación",
            "financiacion",
            "financiamiento",
            "subvenc",
            "proyectos de investigación",
            "financiamento",
            "fomento",
            "financement",
            "subvention",
            "drittmittel",
            "förderung",
            "fördermittel",
            "finanziament",
            "progetti di ricerca",
            "科研项目",
            "基金",
            "资助",
            "資助",
            "研究資金",
            "研究費",
            "助成",
            "연구비",
            "연구과제",
            "грант",
            "финансирован",
        ],
    ),
    (
        Section::Awards,
        &[
            "award",
            "honor",
            "honour",
            "prize",
            "fellowship",
            "scholarship",
            "premio",
            "distincion",
            "distinción",
            "becas",
            "prêmio",
            "prémio",
            "prix",
            "distinction",
            "auszeichnung",
            "preise",
            "stipendi",
            "premi",
            "riconosciment",
            "奖",
            "獎",
            "荣誉",
            "榮譽",
            "受賞",
            "表彰",
            "수상",
            "награ",
            "преми",
        ],
    ),
    (
        Section::Talks,
        &[
            "talk",
            "presentation",
            "seminar",
            "lecture",
            "keynote",
            "charla",
            "ponencia",
            "palestra",
            "vortr",
            "exposé",
            "conférence",
            "interventi",
            "relazioni",
            "报告",
            "演讲",
            "講演",
            "발표",
            "доклад",
        ],
    ),
    (
        Section::Publications,
        &[
            "publication",
            "papers",
            "articles",
            "preprint",
            "publicacion",
            "publicaç",
            "publikation",
            "veröffentlichung",
            "pubblicazion",
            "论文",
            "論文",
            "发表",
            "業績",
            "논문",
            "публикац",
        ],
    ),
    (
        Section::Service,
        &[
            "service",
            "reviewing",
            "reviewer",
            "committee",
            "servicio",
            "serviço",
            "gutacht",
            "服务",
            "服務",
            "学術活動",
            "봉사",
            "рецензир",
        ],
    ),
    (
        Section::Education,
        &[
            "education",
            "degree",
            "academic background",
            "educación",
            "educacion",
            "formación",
            "formacion",
            "estudios",
            "educação",
            "formação",
            "formation",
            "études",
            "ausbildung",
            "studium",
            "bildung",
            "istruzione",
            "formazione",
            "教育",
            "学历",
            "學歷",
            "学歴",
            "학력",
            "교육",
            "образовани",
        ],
    ),
    (
        Section::Experience,
        &[
            "experience",
            "employment",
            "work history",
            "positions",
            "appointments",
            "career",
            "internship",
            "experiencia",
            "experiência",
            "expérience",
            "erfahrung",
            "werdegang",
            "beruf",
            "esperienz",
            "经历",
            "經歷",
            "工作",
            "経歴",
            "職歴",
            "경력",
            "опыт",
        ],
    ),
    (
        Section::Languages,
        &[
            "language", "idioma", "língua", "lingua", "langue", "sprache", "语言", "語言", "言語",
            "언어", "язык",
        ],
    ),
    (
        Section::Interests,
        &[
            "research interest",
            "research area",
            "intereses de investigación",
            "forschungsinteress",
            "研究兴趣",
            "研究方向",
            "研究分野",
            "研究興趣",
            "연구 분야",
        ],
    ),
    (
        Section::Hobbies,
        &[
            "hobb",
            "interest",
            "pasatiempo",
            "aficion",
            "passatempo",
            "loisir",
            "freizeit",
            "interess",
            "intérêt",
            "爱好",
            "愛好",
            "趣味",
            "취미",
            "увлечени",
            "хобби",
        ],
    ),
    (
        Section::Bio,
        &[
            "summary",
            "about",
            "profile",
            "biography",
            "bio.",
            "objective",
            "overview",
            "personal statement",
            "resumen",
            "resumo",
            "sobre",
            "presentazione",
            "présentation",
            "摘要",
            "perfil",
            "sobre mí",
            "résumé",
            "profil",
            "über mich",
            "zusammenfassung",
            "profilo",
            "简介",
            "簡介",
            "自己紹介",
            "概要",
            "소개",
            "о себе",
            "обо мне",
        ],
    ),
];

/// Which foreign title filled each built-in section first, so that a second title whose
/// entries join the same section is said, never merged silently.
#[derive(Debug, Default)]
pub struct Filed(Vec<(Section, String)>);

impl Filed {
    /// The section `title` means; a warning when another title already filled it (for the
    /// sections importers fill from any entry: education, experience, publications).
    pub fn meaning(&mut self, title: &str, warnings: &mut Vec<Warning>) -> Option<Section> {
        let section = meaning(title)?;
        if !matches!(
            section,
            Section::Education | Section::Experience | Section::Publications
        ) {
            return Some(section);
        }
        match self.0.iter().find(|(s, _)| *s == section) {
            Some((_, first)) if first != title => warnings.push(Warning::at(
                format!("section \"{title}\""),
                format!("its entries join those of \"{first}\" in {}", section.key()),
            )),
            Some(_) => {}
            None => self.0.push((section, title.to_string())),
        }
        Some(section)
    }
}

/// The section a title means (`research_experience` → experience), if it means one.
pub fn meaning(title: &str) -> Option<Section> {
    if let Some(section) = own_title(title) {
        return Some(section);
    }
    let title = title.to_lowercase().replace(['_', '-'], " ");
    RULES
        .iter()
        .find(|(_, words)| words.iter().any(|w| has_word(&title, w)))
        .map(|(section, _)| *section)
}

/// The section whose own title `title` is, in any language: the one table of section titles
/// is `templates/i18n.yaml`, which the CVs print; [`RULES`] only add the synonyms other CVs use.
fn own_title(title: &str) -> Option<Section> {
    let wanted = title.trim().to_lowercase();
    crate::template::words().values().find_map(|table| {
        table
            .get("sections")?
            .as_mapping()?
            .iter()
            .find(|(_, text)| text.as_str().is_some_and(|t| t.to_lowercase() == wanted))
            .and_then(|(key, _)| Section::from_key(key.as_str()?))
    })
}

/// Whether `title` has `word` where a word starts (`skill` in `Skills`, not `tools` in
/// `stools`); a word ending in `.` must be whole (`bio.`: not `Biology`). Words in scripts
/// without spaces match anywhere.
fn has_word(title: &str, word: &str) -> bool {
    let (word, whole) = match word.strip_suffix('.') {
        Some(word) => (word, true),
        None => (word, false),
    };
    let spaced = word.starts_with(|c: char| c.is_alphabetic() && (c.is_ascii() || c < '\u{2E80}'));
    title.match_indices(word).any(|(at, _)| {
        let before = title[..at].chars().next_back();
        let after = title[at + word.len()..].chars().next();
        let starts = !spaced || before.is_none_or(|c| !c.is_alphanumeric());
        let ends = !whole || after.is_none_or(|c| !c.is_alphanumeric());
        starts && ends
    })
}

#[cfg(test)]
mod tests;
