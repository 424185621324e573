//! Records the commit the engine is built from (`JIANGJUN_COMMIT`, for `id name` and
//! `jiangjun --version`): `git rev-parse` where the sources are a git checkout, else "unknown"
//! (a source archive), or the `JIANGJUN_COMMIT` the builder sets.

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=JIANGJUN_COMMIT");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for watched in [".git/HEAD", ".git/refs/heads", ".git/packed-refs"] {
        let path = root.join(watched);
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    let commit = std::env::var("JIANGJUN_COMMIT").ok().or_else(|| {
        let out = Command::new("git")
            .args(["rev-parse", "--short=7", "HEAD"])
            .current_dir(&root)
            .output()
            .ok()?;
        let text = String::from_utf8(out.stdout).ok()?;
        (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
    });
    println!(
        "cargo:rustc-env=JIANGJUN_COMMIT={}",
        commit.unwrap_or_else(|| "unknown".into())
    );
}
