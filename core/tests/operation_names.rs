//! The project's operation → method table (docs/operations.md) names every operation of the
//! core's table, in every language, and nothing else.

use wallet_sdk::operations;

#[test]
fn docs_table_matches_the_operation_table() {
    let doc = include_str!("../../docs/operations.md");
    let rows: Vec<Vec<&str>> = doc
        .lines()
        .filter(|l| l.starts_with("| ") && l.split('|').nth(1).is_some_and(|c| c.trim().parse::<u32>().is_ok()))
        .map(|l| l.split('|').map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), operations::ALL.len());
    for row in &rows {
        let (method, path, rust, python, kotlin, swift) = (row[3], row[4], row[5], row[6], row[7], row[8]);
        let op = operations::ALL.iter().find(|o| format!("`{}`", o.path) == path).unwrap_or_else(|| panic!("unknown path {path}"));
        assert_eq!(method, format!("{:?}", op.method).to_uppercase(), "{path}");
        assert_eq!(rust, format!("`Client::{}`", op.name), "{path}");
        assert_eq!(python, format!("`Client.{0}` / `AsyncClient.{0}`", op.name), "{path}");
        assert_eq!(kotlin, format!("`WalletClient.{}`", op.camel_name), "{path}");
        assert_eq!(swift, format!("`WalletClient.{}`", op.camel_name), "{path}");
    }
}
