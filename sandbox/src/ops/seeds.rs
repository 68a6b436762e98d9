//! Wallet creation and everything derived from a recovery phrase: create_wallet,
//! create_encrypted_wallet, create_importable_wallet, create_importable_encrypted_wallet,
//! import_wallet, set_wallet_mnemonics, wallet_default_address, wallet_default_address_v2,
//! address_private_key_v2, screen_address.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde_json::{json, Value};

use crate::app::{ok, Network, OpResult, Req, Route};
use crate::error::ApiError;
use crate::keys::{self, PhraseKeys, HARDENED};
use crate::node::{validate_wallet_name, Node, WalletCallError, WalletRecord};
use crate::route;
use crate::rpc::RpcError;

pub fn routes() -> Vec<Route> {
    vec![
        route!(POST "/api/Wallet/create" => create_wallet),
        route!(POST "/api/Wallet/create-encrypted-wallet" => create_encrypted_wallet),
        route!(POST "/api/Wallet/create-importable-wallet" => create_importable_wallet),
        route!(POST "/api/Wallet/create-importable-encrypted-wallet" => create_importable_encrypted_wallet),
        route!(POST "/api/Wallet/import-wallet" => import_wallet),
        route!(POST "/api/Wallet/set-wallet-mnemonics" => set_wallet_mnemonics),
        route!(GET "/api/Wallet/wallet-default-address" => wallet_default_address),
        route!(GET "/api/Wallet/wallet-default-address-v2" => wallet_default_address_v2),
        route!(GET "/api/Address/address-private-key-v2" => address_private_key_v2),
        route!(GET "/api/Address/screen-address" => screen_address),
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

/// The wallet name of a create/import request, validated.
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
        Err(RpcError::Rpc { code, message })
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
    // Core fills the keypool while creating; key-creating calls still run unlocked.
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

// ---------------------------------------------------------------- phrases and keys

/// A validated, normalised phrase and its keys (refusals name the request field it came in).
struct Phrase {
    keys: PhraseKeys,
}

impl Phrase {
    fn parse(text: &str, field: &str) -> Result<Phrase, ApiError> {
        let normalized = keys::normalize_mnemonic(text).map_err(|e| ApiError::validation(field, e.to_string()))?;
        let keys = PhraseKeys::from_normalized(&normalized)
            .map_err(|_| ApiError::validation(field, "These mnemonics give an invalid BIP32 master key; use another phrase."))?;
        Ok(Phrase { keys })
    }

    fn from_header(req: &Req) -> Result<Phrase, ApiError> {
        Phrase::parse(&req.require_header("mnemonics")?, "mnemonics")
    }
}

fn no_key() -> ApiError {
    ApiError::node_error(-1, "key derivation failed for this index")
}

/// Address codes: an integer code or Core's name; absent → bech32.
fn address_type(req: &Req) -> Result<u8, ApiError> {
    let Some(raw) = req.query("addressType") else { return Ok(2) };
    let code = match raw.trim().to_ascii_lowercase().as_str() {
        "0" | "legacy" => 0,
        "1" | "p2sh-segwit" => 1,
        "2" | "bech32" => 2,
        "3" | "mweb" => 3,
        _ => {
            return Err(ApiError::validation(
                "addressType",
                "addressType must be 0 (legacy), 1 (p2sh-segwit), 2 (bech32) or 3 (mweb).",
            ))
        }
    };
    if code == 3 {
        return Err(ApiError::unsupported_address_type("MWEB addresses have no descriptor form; use addressType 0, 1 or 2.")
            .with_field("addressType"));
    }
    Ok(code)
}

const TYPE_NAMES: [&str; 3] = ["legacy", "p2sh-segwit", "bech32"];

/// The address of one public key in the given encoding, computed by the node from a public
/// descriptor (no private key leaves the sandbox).
async fn address_of_pubkey(node: &Node, pubkey: &[u8; 33], type_code: u8) -> Result<String, ApiError> {
    let p = hex::encode(pubkey);
    let desc = match type_code {
        0 => format!("pkh({p})"),
        1 => format!("sh(wpkh({p}))"),
        _ => format!("wpkh({p})"),
    };
    let info = node.rpc("getdescriptorinfo", json!([desc])).await?;
    let checksum = info.get("checksum").and_then(Value::as_str).ok_or_else(|| ApiError::node_error(-1, "getdescriptorinfo gave no checksum"))?;
    let addresses = node.rpc("deriveaddresses", json!([format!("{desc}#{checksum}")])).await?;
    addresses
        .get(0)
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| ApiError::node_error(-1, "deriveaddresses gave no address"))
}

/// The `walletName`-like header of a wallet-scoped request, validated.
fn wallet_header(req: &Req, field: &str) -> Result<String, ApiError> {
    let name = req.require_header(field)?;
    validate_wallet_name(field, &name)?;
    Ok(name)
}

// ---------------------------------------------------------------- seeding wallets

/// `unloadwallet` + `loadwallet`: after `sethdseed` MWEB keys only work after a reload.
async fn reload_wallet(node: &Node, wallet: &str) -> Result<(), ApiError> {
    let _guard = node.lock_wallet(wallet).await;
    match node.rpc.call("unloadwallet", json!([wallet])).await {
        Ok(_) | Err(RpcError::Rpc { code: -18, .. }) => {}
        Err(e) => return Err(e.into()),
    }
    match node.rpc.call("loadwallet", json!([wallet, true])).await {
        // -35: loaded again meanwhile by a concurrent request on the same wallet.
        Ok(_) | Err(RpcError::Rpc { code: -35, .. }) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// `sethdseed true <seedWif>` under the unlock discipline.
async fn set_hd_seed(node: &Node, wallet: &str, passphrase: Option<&str>, phrase: &Phrase, network: Network) -> Result<(), ApiError> {
    let seed_wif = phrase.keys.seed_wif(network);
    node.with_unlocked(wallet, passphrase, "encryptedPassphrase", async || {
        match node.wallet_call(wallet, "sethdseed", json!([true, seed_wif])).await {
            Ok(_) => Ok(()),
            Err(WalletCallError::Rpc(RpcError::Rpc { code: -5, message })) if message.contains("Already have this key") => {
                Err(ApiError::conflict("These mnemonics are already this wallet's seed.").with_node(-5, &message))
            }
            Err(e) => Err(e.into_api(wallet)),
        }
    })
    .await
}

/// Key 0 of the current seed as the official address, created unlocked with a refilled keypool.
async fn official_after_seed(node: &Node, wallet: &str, passphrase: Option<&str>) -> Result<String, ApiError> {
    node.with_unlocked(wallet, passphrase, "encryptedPassphrase", async || {
        node.wrpc(wallet, "keypoolrefill", json!([])).await?;
        new_official_address(node, wallet).await
    })
    .await
}

/// Creates a blank wallet, seeds it from the phrase, reloads it and creates its official address.
/// Returns (official address, hdseedid).
async fn create_seeded_wallet(req: &Req, name: &str, passphrase: Option<&str>, phrase: &Phrase, created_by: &str) -> Result<(String, Value), ApiError> {
    let node = &req.node;
    create_core_wallet(node, name, true, passphrase).await?;
    record(node, name, false, created_by);
    set_hd_seed(node, name, passphrase, phrase, req.network()).await?;
    record(node, name, true, created_by);
    reload_wallet(node, name).await?;
    let official = official_after_seed(node, name, passphrase).await?;
    let seed_id = hd_seed_id(node, name).await?;
    Ok((official, seed_id))
}

async fn rescan(node: &Node, wallet: &str) -> Result<Value, ApiError> {
    let r = node.wrpc(wallet, "rescanblockchain", json!([])).await?;
    Ok(json!({ "startHeight": r.get("start_height"), "stopHeight": r.get("stop_height") }))
}

/// `rescanblockchain` finds coins but does not put their addresses into the address book;
/// receive addresses found (not change) are given an empty label so that address listings show them.
async fn label_found_addresses(node: &Node, wallet: &str) {
    let mut found = std::collections::BTreeSet::new();
    if let Ok(groups) = node.wrpc(wallet, "listaddressgroupings", json!([])).await {
        for entry in groups.as_array().into_iter().flatten().flat_map(|g| g.as_array().into_iter().flatten()) {
            if let Some(a) = entry.get(0).and_then(Value::as_str) {
                found.insert(a.to_string());
            }
        }
    }
    if let Ok(unspent) = node.wrpc(wallet, "listunspent", json!([0])).await {
        for u in unspent.as_array().into_iter().flatten() {
            if let Some(a) = u.get("address").and_then(Value::as_str) {
                found.insert(a.to_string());
            }
        }
    }
    for address in found {
        let Ok(info) = node.wrpc(wallet, "getaddressinfo", json!([address])).await else { continue };
        let unlabelled = info.get("labels").and_then(Value::as_array).is_none_or(|l| l.is_empty());
        // Core calls every address outside the address book "change", so the HD path decides
        // for HD keys (receive chain m/0'/0'/i'); other keys fall back to `ischange`.
        let receive = match info.get("hdkeypath").and_then(Value::as_str).and_then(keys::parse_core_path) {
            Some((chain, _)) => chain == 0,
            None => info.get("ischange") == Some(&json!(false)),
        };
        if receive && unlabelled {
            if let Err(e) = node.wrpc(wallet, "setlabel", json!([address, ""])).await {
                tracing::warn!(wallet, code = e.code, "setlabel after rescan failed");
            }
        }
    }
}

/// W4 `POST /api/Wallet/create-importable-wallet`.
async fn create_importable_wallet(req: Req) -> OpResult {
    let name = wallet_name_from_body(&req, "walletName")?;
    let mnemonics = keys::generate_mnemonic();
    let phrase = Phrase::parse(&mnemonics, "mnemonics")?;
    let (official, seed_id) = create_seeded_wallet(&req, &name, None, &phrase, "create-importable-wallet").await?;
    ok(
        "Importable wallet created",
        json!({
            "walletName": name,
            "encrypted": false,
            "importable": true,
            "mnemonics": mnemonics,
            "hdSeedId": seed_id,
            "officialAddress": official,
        }),
    )
}

/// W5 `POST /api/Wallet/create-importable-encrypted-wallet`.
async fn create_importable_encrypted_wallet(req: Req) -> OpResult {
    let name = wallet_name_from_body(&req, "walletName")?;
    let mnemonics = keys::generate_mnemonic();
    let phrase = Phrase::parse(&mnemonics, "mnemonics")?;
    let passphrase = generate_passphrase();
    let (official, seed_id) =
        create_seeded_wallet(&req, &name, Some(&passphrase), &phrase, "create-importable-encrypted-wallet").await?;
    ok(
        "Importable encrypted wallet created",
        json!({
            "walletName": name,
            "encrypted": true,
            "importable": true,
            "mnemonics": mnemonics,
            "encryptedPassphrase": passphrase,
            "hdSeedId": seed_id,
            "officialAddress": official,
        }),
    )
}

/// W6 `POST /api/Wallet/import-wallet`.
async fn import_wallet(req: Req) -> OpResult {
    let name = wallet_name_from_body(&req, "new_wallet_name")?;
    let phrase = Phrase::parse(&req.require_body_str("mnemonics")?, "mnemonics")?;
    let node = &req.node;
    let (official, seed_id) = create_seeded_wallet(&req, &name, None, &phrase, "import-wallet").await?;
    let rescan = rescan(node, &name).await?;
    label_found_addresses(node, &name).await;
    ok(
        "Wallet imported",
        json!({
            "walletName": name,
            "encrypted": false,
            "importable": true,
            "hdSeedId": seed_id,
            "officialAddress": official,
            "rescan": rescan,
        }),
    )
}

/// W16 `POST /api/Wallet/set-wallet-mnemonics`.
async fn set_wallet_mnemonics(req: Req) -> OpResult {
    let name = wallet_header(&req, "walletName")?;
    let phrase = Phrase::parse(&req.require_body_str("mnemonics")?, "mnemonics")?;
    let passphrase = req.header("encryptedPassphrase");
    let node = &req.node;
    let previous = hd_seed_id(node, &name).await?;
    if previous.as_str() == Some(phrase.keys.hd_seed_id().as_str()) {
        return Err(ApiError::conflict("These mnemonics are already this wallet's seed.").with_field("mnemonics"));
    }
    set_hd_seed(node, &name, passphrase.as_deref(), &phrase, req.network()).await?;
    let created_by = node.record(&name).map(|r| r.created_by).filter(|c| !c.is_empty()).unwrap_or_else(|| "external".into());
    record(node, &name, true, &created_by);
    reload_wallet(node, &name).await?;
    // The previous official address keeps its key (still spendable) under another label.
    match node.wallet_call(&name, "getaddressesbylabel", json!(["official"])).await {
        Ok(old) => {
            for address in old.as_object().into_iter().flat_map(|o| o.keys()) {
                node.wrpc(&name, "setlabel", json!([address, "official-previous"])).await?;
            }
        }
        // -11: no address has that label.
        Err(WalletCallError::Rpc(RpcError::Rpc { code: -11, .. })) => {}
        Err(e) => return Err(e.into_api(&name)),
    }
    official_after_seed(node, &name, passphrase.as_deref()).await?;
    let seed_id = hd_seed_id(node, &name).await?;
    let rescan = rescan(node, &name).await?;
    ok(
        "Wallet mnemonics set",
        json!({
            "walletName": name,
            "hdSeedId": seed_id,
            "previousHdSeedId": previous,
            "rescan": rescan,
        }),
    )
}

// ---------------------------------------------------------------- addresses of a phrase

/// W17 `GET /api/Wallet/wallet-default-address`: key `m/0'/0'/0'` of Core's scheme.
async fn wallet_default_address(req: Req) -> OpResult {
    let phrase = Phrase::from_header(&req)?;
    let type_code = address_type(&req)?;
    let key = phrase.keys.core_key(0, 0).map_err(|_| no_key())?;
    let address = address_of_pubkey(&req.node, &key.public_key(), type_code).await?;
    ok(
        "Default address",
        json!({
            "address": address,
            "addressType": TYPE_NAMES[type_code as usize],
            "hdKeyPath": "m/0'/0'/0'",
            "scheme": "core-legacy-hd",
        }),
    )
}

/// W18 `GET /api/Wallet/wallet-default-address-v2`: first receive key of BIP44/49/84.
async fn wallet_default_address_v2(req: Req) -> OpResult {
    let phrase = Phrase::from_header(&req)?;
    let type_code = address_type(&req)?;
    let purpose = [44u32, 49, 84][type_code as usize];
    let coin = if req.network() == Network::Main { 2 } else { 1 };
    let key = phrase
        .keys
        .root
        .derive(&[HARDENED + purpose, HARDENED + coin, HARDENED, 0, 0])
        .map_err(|_| no_key())?;
    let address = address_of_pubkey(&req.node, &key.public_key(), type_code).await?;
    ok(
        "Default address",
        json!({
            "address": address,
            "addressType": TYPE_NAMES[type_code as usize],
            "hdKeyPath": format!("m/{purpose}'/{coin}'/0'/0/0"),
            "scheme": "bip44",
        }),
    )
}

// ---------------------------------------------------------------- A9, A10

/// `getaddressinfo` with the address errors of A9/A10 (`validation_failed` naming `address`).
async fn address_info(node: &Node, wallet: &str, address: &str) -> Result<Value, ApiError> {
    match node.wallet_call(wallet, "getaddressinfo", json!([address])).await {
        Ok(v) => Ok(v),
        Err(WalletCallError::Rpc(RpcError::Rpc { code: -5, message })) => {
            Err(ApiError::validation("address", "The address is not a valid address for this network.").with_node(-5, &message))
        }
        Err(e) => Err(e.into_api(wallet)),
    }
}

/// Mnemonics-match check against the wallet: the phrase's seed is the wallet's current
/// seed, or key 0 of the phrase is one of the wallet's keys with that seed id.
async fn phrase_matches_wallet(node: &Node, wallet: &str, phrase: &Phrase) -> Result<bool, ApiError> {
    let seed_id = phrase.keys.hd_seed_id();
    if hd_seed_id(node, wallet).await?.as_str() == Some(seed_id.as_str()) {
        return Ok(true);
    }
    let key0 = phrase.keys.core_key(0, 0).map_err(|_| no_key())?;
    let address = address_of_pubkey(node, &key0.public_key(), 0).await?;
    let info = node.wrpc(wallet, "getaddressinfo", json!([address])).await?;
    Ok(info.get("ismine") == Some(&json!(true)) && info.get("hdseedid").and_then(Value::as_str) == Some(seed_id.as_str()))
}

/// A9 `GET /api/Address/address-private-key-v2`.
async fn address_private_key_v2(req: Req) -> OpResult {
    let wallet = wallet_header(&req, "wallet")?;
    let address = req.require_query("address")?;
    if req.header("mnemonics").is_none() {
        if let Some(passphrase) = req.header("encryptedPassphrase") {
            return private_key_with_passphrase(&req, &wallet, &address, &passphrase).await;
        }
    }
    let phrase = Phrase::from_header(&req)?;
    let node = &req.node;
    let info = address_info(node, &wallet, &address).await?;
    if info.get("ismine") != Some(&json!(true)) {
        return Err(ApiError::not_found("The address is not one of this wallet's addresses.").with_field("address"));
    }
    let path = info.get("hdkeypath").and_then(Value::as_str).unwrap_or("");
    let (chain, index) = match keys::parse_core_path(path) {
        Some(p) if info.get("ismweb") != Some(&json!(true)) => p,
        _ => {
            return Err(ApiError::unsupported_address_type(
                "Only keys of the wallet's HD chain (m/0'/0'/i' or m/0'/1'/i') can be recovered from the mnemonics; \
                 MWEB addresses, imported keys and script addresses cannot.",
            )
            .with_field("address"))
        }
    };
    if info.get("hdseedid").and_then(Value::as_str) != Some(phrase.keys.hd_seed_id().as_str()) {
        return Err(ApiError::bad_mnemonics());
    }
    let key = phrase.keys.core_key(chain, index).map_err(|_| no_key())?;
    // Self-check: the derived key must be the address's key.
    if info.get("pubkey").and_then(Value::as_str) != Some(hex::encode(key.public_key()).as_str()) {
        return Err(ApiError::node_error(-1, "The key derived from the mnemonics does not match the wallet's key for this address."));
    }
    ok(
        "Private key",
        json!({
            "address": address,
            "privateKey": keys::wif(&key.secret_bytes(), req.network()),
            "format": "wif",
            "hdKeyPath": path,
        }),
    )
}

/// address_private_key_v2 without mnemonics but with a passphrase behaves as address_private_key.
async fn private_key_with_passphrase(req: &Req, wallet: &str, address: &str, passphrase: &str) -> OpResult {
    let node = &req.node;
    let info = address_info(node, wallet, address).await?;
    if info.get("ismine") != Some(&json!(true)) {
        return Err(ApiError::not_found("The address is not one of this wallet's addresses.").with_field("address"));
    }
    let wif = node
        .with_unlocked(wallet, Some(passphrase), "encryptedPassphrase", async || {
            match node.wallet_call(wallet, "dumpprivkey", json!([address])).await {
                Ok(v) => Ok(v),
                Err(WalletCallError::Rpc(RpcError::Rpc { code: -3, message })) => {
                    Err(ApiError::unsupported_address_type("The address does not refer to a single key.").with_node(-3, &message))
                }
                Err(WalletCallError::Rpc(RpcError::Rpc { code: -4, message })) => {
                    Err(ApiError::validation("address", "The wallet does not know the private key of this address.").with_node(-4, &message))
                }
                Err(e) => Err(e.into_api(wallet)),
            }
        })
        .await?;
    let mweb = info.get("ismweb") == Some(&json!(true));
    ok(
        "Private key",
        json!({
            "address": address,
            "privateKey": wif,
            "format": if mweb { "wif-mweb" } else { "wif" },
            "hdKeyPath": info.get("hdkeypath"),
        }),
    )
}

/// `addressType` of a `validateaddress` result.
fn type_of(v: &Value) -> &'static str {
    let flag = |k: &str| v.get(k) == Some(&json!(true));
    if flag("ismweb") {
        "mweb"
    } else if flag("iswitness") {
        if v.get("witness_version").and_then(Value::as_i64) == Some(0) { "bech32" } else { "unknown" }
    } else if flag("isscript") {
        "p2sh-segwit"
    } else {
        "legacy"
    }
}

/// A10 `GET /api/Address/screen-address`.
async fn screen_address(req: Req) -> OpResult {
    let wallet = wallet_header(&req, "wallet")?;
    let address = req.require_query("address")?;
    let phrase = Phrase::from_header(&req)?;
    let node = &req.node;
    if !phrase_matches_wallet(node, &wallet, &phrase).await? {
        return Err(ApiError::bad_mnemonics());
    }
    let network = req.network().name();
    let valid = node.rpc("validateaddress", json!([address])).await?;
    if valid.get("isvalid") != Some(&json!(true)) {
        return ok(
            "Address screened",
            json!({
                "address": address, "isValid": false, "addressType": null, "network": null,
                "isMine": null, "hasHistory": null, "risk": null, "reasons": null,
            }),
        );
    }
    let address_type = type_of(&valid);
    let info = address_info(node, &wallet, &address).await?;
    let is_mine = info.get("ismine") == Some(&json!(true));
    let index = &node.shared.index;
    let mut has_history = index.has_history(&address) || !index.mempool_history(&node.rpc, &address).await.map_err(ApiError::from)?.is_empty();
    if !has_history && is_mine && address_type == "mweb" {
        // MWEB outputs are not public: ask the owning wallet.
        let received = node.wrpc(&wallet, "getreceivedbyaddress", json!([address, 0])).await.ok();
        has_history = received.and_then(|r| crate::amount::from_json(&r)).is_some_and(|v| v > 0);
    }
    let flagged = req.state.config.denylist.contains(&address);
    ok(
        "Address screened",
        json!({
            "address": address,
            "isValid": true,
            "addressType": address_type,
            "network": network,
            "isMine": is_mine,
            "hasHistory": has_history,
            "risk": if flagged { "flagged" } else { "none" },
            "reasons": if flagged { json!(["denylist"]) } else { json!([]) },
        }),
    )
}
