//! Wallet creation and everything derived from a recovery phrase (operations.md §1.10):
//! W1 create, W3 create-encrypted-wallet, W4 create-importable-wallet,
//! W5 create-importable-encrypted-wallet, W6 import-wallet, W16 set-wallet-mnemonics,
//! W17 wallet-default-address, W18 wallet-default-address-v2,
//! A9 address-private-key-v2, A10 screen-address.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde_json::{json, Value};

use crate::app::{ok, OpResult, Req, Route};
use crate::error::ApiError;
use crate::node::{validate_wallet_name, Node, WalletRecord};
use crate::route;

pub fn routes() -> Vec<Route> {
    vec![
        route!(POST "/api/Wallet/create" => create_wallet),
        route!(POST "/api/Wallet/create-encrypted-wallet" => create_encrypted_wallet),
    ]
}

/// 32 random bytes, base64url without padding (43 characters).
fn generate_passphrase() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let s = URL_SAFE_NO_PAD.encode(bytes);
    bytes.fill(0);
    s
}

/// The wallet name of a create/import request, validated (§1.9).
fn wallet_name_from_body(req: &Req, field: &str) -> Result<String, ApiError> {
    let name = req.require_body_str(field)?;
    validate_wallet_name(field, &name)?;
    Ok(name)
}

/// `createwallet name false <blank> <passphrase> false false true` (load on startup). No passphrase
/// is sent as null: Core 0.21 warns "Empty string given as passphrase" for `""`.
async fn create_core_wallet(node: &Node, name: &str, blank: bool, passphrase: Option<&str>) -> Result<Value, ApiError> {
    match node.rpc.call("createwallet", json!([name, false, blank, passphrase, false, false, true])).await {
        Ok(v) => Ok(v),
        Err(crate::rpc::RpcError::Rpc { code, message })
            if (code == -4 && message.contains("already exists")) || code == -35 =>
        {
            Err(ApiError::wallet_exists(name).with_node(code, &message))
        }
        Err(e) => Err(e.into()),
    }
}

/// `getnewaddress "official" bech32`: key 0 of the wallet's current seed becomes its official address.
async fn new_official_address(node: &Node, wallet: &str) -> Result<String, ApiError> {
    let address = node.wrpc(wallet, "getnewaddress", json!(["official", "bech32"])).await?;
    address.as_str().map(str::to_string).ok_or_else(|| ApiError::node_error(-1, "getnewaddress returned no address"))
}

async fn hd_seed_id(node: &Node, wallet: &str) -> Result<Value, ApiError> {
    let info = node.wrpc(wallet, "getwalletinfo", json!([])).await?;
    Ok(info.get("hdseedid").cloned().unwrap_or(Value::Null))
}

fn record(node: &Node, wallet: &str, importable: bool, created_by: &str) {
    node.set_record(wallet, WalletRecord { importable, created_by: created_by.to_string() });
}

/// W1 `POST /api/Wallet/create`.
async fn create_wallet(req: Req) -> OpResult {
    let name = wallet_name_from_body(&req, "walletName")?;
    let node = &req.node;
    let created = create_core_wallet(node, &name, false, None).await?;
    record(node, &name, false, "create");
    let official = new_official_address(node, &name).await?;
    let seed_id = hd_seed_id(node, &name).await?;
    let warning = created.get("warning").and_then(Value::as_str).filter(|w| !w.is_empty());
    ok(
        "Wallet created",
        json!({
            "walletName": name,
            "encrypted": false,
            "importable": false,
            "hdSeedId": seed_id,
            "officialAddress": official,
            "warning": warning,
        }),
    )
}

/// W3 `POST /api/Wallet/create-encrypted-wallet`.
async fn create_encrypted_wallet(req: Req) -> OpResult {
    let name = wallet_name_from_body(&req, "walletName")?;
    let node = &req.node;
    let passphrase = generate_passphrase();
    create_core_wallet(node, &name, false, Some(&passphrase)).await?;
    record(node, &name, false, "create-encrypted-wallet");
    // Core fills the keypool while creating; key-creating calls still run unlocked (§1.10).
    let official = node
        .with_unlocked(&name, Some(&passphrase), "encryptedPassphrase", async || new_official_address(node, &name).await)
        .await?;
    let seed_id = hd_seed_id(node, &name).await?;
    ok(
        "Encrypted wallet created",
        json!({
            "walletName": name,
            "encrypted": true,
            "importable": false,
            "encryptedPassphrase": passphrase,
            "hdSeedId": seed_id,
            "officialAddress": official,
        }),
    )
}
