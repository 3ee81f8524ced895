//! What the command line says about itself, made from the same clap definition the parser
//! uses: shell completion scripts (`cvpdf completions SHELL`) and manual pages in roff
//! (`cvpdf man [COMMAND]`).

use clap::CommandFactory;

use super::Cli;

/// The completion script of `shell` for cvpdf.
pub fn completions(shell: clap_complete::Shell) -> String {
    let mut command = <Cli as CommandFactory>::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "cvpdf", &mut script);
    String::from_utf8_lossy(&script).into_owned()
}

/// The manual page of cvpdf, or of one of its commands (`render` → `cvpdf-render(1)`).
pub fn page(command: Option<&str>) -> Result<String, String> {
    let mut cli = <Cli as CommandFactory>::command().version(env!("CARGO_PKG_VERSION"));
    cli.build();
    let page = match command {
        None => cli,
        Some(name) => {
            let names: Vec<String> = cli
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect();
            let Some(sub) = cli.find_subcommand(name) else {
                return Err(format!(
                    "there is no command \"{name}\"; the commands are: {}",
                    names.join(", ")
                ));
            };
            let full = format!("cvpdf-{}", sub.get_name());
            sub.clone()
                .name(full.clone())
                .bin_name(full)
                .version(env!("CARGO_PKG_VERSION"))
        }
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(page)
        .render(&mut roff)
        .map_err(|e| format!("cannot write the manual page: {e}"))?;
    Ok(String::from_utf8_lossy(&roff).into_owned())
}
