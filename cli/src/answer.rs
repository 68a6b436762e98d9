//! An operation's answer as the CLI prints it: read with `Client::call_typed`, so that every
//! answer passes the typed method's checks, and split into the raw JSON (secret fields redacted)
//! and the result's secrets (its fields of type `Secret`, under their JSON names), which the CLI
//! puts back only when `--reveal-secrets` is given.

use serde_json::{Map, Value};
use wallet_sdk::fields::{FieldValue, Record};
use wallet_sdk::{Client, Secret};

/// An answer: its redacted JSON and its secrets by JSON field name.
pub struct Answer {
    pub redacted: Value,
    pub secrets: Vec<(String, Secret)>,
}

/// Runs the method (an operation's or a variant's name) and reads its answer.
pub async fn call(client: &Client, method: &str, args: &Map<String, Value>) -> wallet_sdk::Result<Answer> {
    client.call_typed(method, args).await.map(split)
}

fn split(record: Record) -> Answer {
    let schema = wallet_sdk::models::record_types().into_iter().find(|t| t.name == record.type_name).map(|t| (t.fields)());
    let wire_name = |field: &str| {
        schema.iter().flatten().find(|f| f.name == field).map_or_else(|| field.to_string(), |f| f.wire_name.clone())
    };
    let secrets = record
        .fields
        .iter()
        .filter_map(|(name, value)| match value {
            FieldValue::Secret(secret) => Some((wire_name(name), secret.clone())),
            _ => None,
        })
        .collect();
    Answer { redacted: record.raw.map_or(Value::Null, |raw| raw.to_value()), secrets }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The secrets of a result come out under the names the raw JSON gives them, and nothing
    /// else does.
    #[test]
    fn a_result_s_secrets_are_split_out_under_their_json_names() {
        let json = serde_json::json!({"walletName": "w", "mnemonics": "pole inch amazing", "encryptedPassphrase": "hunter22"});
        let wallet: wallet_sdk::CreatedImportableEncryptedWallet = serde_json::from_value(json).unwrap();
        let answer = split(wallet_sdk::fields::Fields::to_record(&wallet));
        let names: Vec<&str> = answer.secrets.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["mnemonics", "encryptedPassphrase"]);
    }
}
