//! Results built by callers in their own tests (feature `testing`), compared and serialized.

use serde_json::json;
use wallet_sdk::{testing::result_from_json, Amount, CreatedEncryptedWallet, WalletBalance};

#[test]
fn results_can_be_built_compared_and_serialized() {
    let a: WalletBalance = result_from_json(json!({"confirmed": 1.5, "unconfirmed": "0.00000001"})).unwrap();
    assert_eq!(a, result_from_json(json!({"confirmed": 1.5, "unconfirmed": "0.00000001"})).unwrap());
    // equality covers the raw JSON too: the same amounts from another answer differ
    let b: WalletBalance = result_from_json(json!({"confirmed": "1.5", "unconfirmed": "0.00000001"})).unwrap();
    assert_ne!(a, b);
    assert_eq!((a.confirmed, a.unconfirmed), (b.confirmed, b.unconfirmed));
    assert_eq!(a.confirmed, Amount::from_litoshis(150_000_000));
    assert_eq!(a.raw().to_value()["confirmed"], json!(1.5));
    let w: CreatedEncryptedWallet = result_from_json(json!({"encryptedPassphrase": "hunter22", "walletName": "w"})).unwrap();
    assert_eq!(w.passphrase.expose(), "hunter22");
    // a serialized result never carries a secret
    let text = serde_json::to_string(&w).unwrap();
    assert!(text.contains(r#""encryptedPassphrase":"[REDACTED]""#) && !text.contains("hunter22"), "{text}");
    assert!(result_from_json::<WalletBalance>(json!({"confirmed": "x"})).is_err());
}
