//! The checks of the entries a PI's CV adds (grants, supervision) and of dates that say more
//! than one day: an expected end, an award given in several years.

use super::super::date::EndDate;
use super::super::{Award, Grant};
use super::Checks;
use crate::diag::Problem;

/// The largest amount a grant may state: beyond any research budget, small enough to print
/// exactly.
const MAX_AMOUNT: f64 = 1e13;

impl Checks {
    /// An award has a title, and a date or years, not both; each year in range.
    pub(super) fn award(&mut self, at: &str, a: &Award) {
        self.text(&format!("{at}.title"), &a.title);
        if a.date.is_some() && !a.years.is_empty() {
            self.push(
                Problem::error("an award has a `date` or `years`, not both")
                    .at_field(format!("{at}.years"))
                    .with_help("put the year of `date` into `years`"),
            );
        }
        for (j, year) in a.years.iter().enumerate() {
            if !(1000..=9999).contains(year) {
                self.push(
                    Problem::error(format!("year {year} is out of range (1000–9999)"))
                        .at_field(format!("{at}.years[{j}]")),
                );
            }
        }
    }

    /// A grant has a title, a period that does not end before it starts, an amount that is a
    /// sum of money in a currency named by its ISO 4217 code.
    pub(super) fn grant(&mut self, at: &str, g: &Grant) {
        self.text(&format!("{at}.title"), &g.title);
        self.period(at, g.start, g.end);
        self.expected(at, g.expected, g.end);
        if let Some(amount) = g.amount {
            if !amount.is_finite() || !(0.0..=MAX_AMOUNT).contains(&amount) {
                self.push(
                    Problem::error(format!(
                        "{amount} is not an amount of money (0 to {MAX_AMOUNT:.0})"
                    ))
                    .at_field(format!("{at}.amount")),
                );
            }
            if g.currency.is_none() {
                self.push(
                    Problem::error("an amount needs its currency")
                        .at_field(format!("{at}.amount"))
                        .with_help("add `currency:` with its ISO 4217 code, e.g. USD, EUR, CNY"),
                );
            }
        }
        if let Some(currency) = &g.currency {
            if !is_currency_code(currency) {
                let upper = currency.trim().to_ascii_uppercase();
                let help = if is_currency_code(&upper) {
                    format!("write `{upper}`")
                } else {
                    "write the ISO 4217 code: three capital letters, e.g. USD, EUR, CNY, GBP".into()
                };
                self.push(
                    Problem::error(format!("\"{currency}\" is not a currency code"))
                        .at_field(format!("{at}.currency"))
                        .with_help(help),
                );
            }
        }
    }

    /// `expected: true` needs an end date, the one expected.
    pub(super) fn expected(&mut self, at: &str, expected: bool, end: Option<EndDate>) {
        if expected && !matches!(end, Some(EndDate::Date(_))) {
            self.push(
                Problem::error("`expected: true` needs an end date (the expected one)")
                    .at_field(format!("{at}.expected")),
            );
        }
    }
}

/// Whether `code` has the shape of an ISO 4217 code: three capital Latin letters.
fn is_currency_code(code: &str) -> bool {
    code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase())
}
