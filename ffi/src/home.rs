//! Signing at home for Kotlin, Swift and Java: the offline signing and PSBT functions
//! (`signTransactionLocally`, `psbtFromTransaction`, `signPsbt`, `combinePsbts`,
//! `finalizePsbt`) and the client's `prevoutsFor`, `reviewTransaction`, `estimateFeeRate` and
//! `sendSignedLocally`. Only types are converted here; every rule is the core's
//! (`wallet_sdk::offline`, `wallet_sdk::Client`).

use std::sync::Arc;

use wallet_sdk::offline;

use crate::client::{guarded, unsigned, WalletClient};
use crate::convert::IntoFfi;
use crate::offline::Prevout;
use crate::{Amount, Secret, SignedTransaction, WalletError};

impl From<Prevout> for offline::Prevout {
    fn from(p: Prevout) -> Self {
        let vout = u32::try_from(p.vout).unwrap_or(u32::MAX);
        offline::Prevout { txid: p.txid, vout, amount: p.amount.into(), script_pubkey: p.script_pubkey, redeem_script: p.redeem_script }
    }
}

/// The prevouts, with a negative `vout` refused naming it.
fn core_prevouts(prevouts: Vec<Prevout>) -> Result<Vec<offline::Prevout>, WalletError> {
    prevouts
        .into_iter()
        .map(|p| {
            let _: u32 = unsigned("vout", p.vout)?;
            Ok(p.into())
        })
        .collect()
}

fn secrets(keys: &[Arc<Secret>]) -> Vec<&wallet_sdk::Secret> {
    keys.iter().map(|k| &k.0).collect()
}

/// Runs an offline call; a panic (a bug) becomes `WalletError.Internal`.
fn offline_call<C: IntoFfi<T>, T>(f: impl FnOnce() -> wallet_sdk::Result<C>) -> Result<T, WalletError> {
    match wallet_sdk::panic::catch(f) {
        Ok(Ok(v)) => Ok(v.into_ffi()),
        Ok(Err(e)) => Err(e.into()),
        Err(panic) => Err(WalletError::internal(panic)),
    }
}

/// Signs `unsignedHex` with `keys` (WIF private keys), each input against its prevout read from
/// the chain (`prevoutsFor`), as Litecoin Core's `signrawtransactionwithkey` does: the same
/// bytes and txid as the service's `signTransaction`, without a key leaving the device. P2PKH,
/// P2SH-P2WPKH, P2WPKH and multisig (with the prevout's `redeemScript`); an input no key signs
/// is left as it was (`complete` false, an error naming it). Throws `InvalidInput` on
/// `unsigned_hex` (an MWEB transaction included), `keys` (never quoted) or `prevouts`.
#[uniffi::export]
pub fn sign_transaction_locally(unsigned_hex: String, keys: Vec<Arc<Secret>>, prevouts: Vec<Prevout>) -> Result<SignedTransaction, WalletError> {
    let prevouts = core_prevouts(prevouts)?;
    offline_call(|| offline::sign_transaction_locally(&unsigned_hex, &secrets(&keys), &prevouts))
}

/// The private keys (WIF secrets) at `paths` of a phrase's BIP32 root (BIP39 seed with
/// `passphrase`, null/nil for none) on `network`: the `keys` that `signTransactionLocally`,
/// `signPsbt` and `sendSignedLocally` take, from a phrase. The seed is computed once for all
/// paths. Throws `InvalidInput` on `mnemonic` or `paths` (none, more than 10,000, or one that is
/// not a path).
#[uniffi::export(default(passphrase = None))]
pub fn keys_from_phrase(mnemonic: Arc<Secret>, paths: Vec<String>, network: crate::offline::Network, passphrase: Option<Arc<Secret>>) -> Result<Vec<Arc<Secret>>, WalletError> {
    let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
    offline_call(|| offline::keys_from_phrase(&mnemonic.0, &paths, network.into(), passphrase.as_ref().map_or("", |p| p.0.expose())))
}

/// An unsigned PSBT (BIP174, base64) of `unsignedHex`, each input with its prevout and, for a
/// multisig, its scripts: for a hardware or air-gapped signer, or the other parties of a
/// multisig. Throws `InvalidInput` on `unsigned_hex` or `prevouts`.
#[uniffi::export]
pub fn psbt_from_transaction(unsigned_hex: String, prevouts: Vec<Prevout>) -> Result<String, WalletError> {
    let prevouts = core_prevouts(prevouts)?;
    offline_call(|| offline::psbt_from_transaction(&unsigned_hex, &prevouts))
}

/// `psbt` with the signatures `keys` make for every input they can sign (Core's signatures).
/// Throws `InvalidInput` on `psbt` or `keys`.
#[uniffi::export]
pub fn sign_psbt(psbt: String, keys: Vec<Arc<Secret>>) -> Result<String, WalletError> {
    offline_call(|| offline::sign_psbt(&psbt, &secrets(&keys)))
}

/// One PSBT with the signatures of all of `psbts` (the same transaction). Throws
/// `InvalidInput` on `psbts`.
#[uniffi::export]
pub fn combine_psbts(psbts: Vec<String>) -> Result<String, WalletError> {
    let psbts: Vec<&str> = psbts.iter().map(String::as_str).collect();
    offline_call(|| offline::combine_psbts(&psbts))
}

/// The transaction of `psbt`, finalized from its signatures and extracted (`complete` false
/// while an input lacks signatures). Throws `InvalidInput` on `psbt`.
#[uniffi::export]
pub fn finalize_psbt(psbt: String) -> Result<SignedTransaction, WalletError> {
    offline_call(|| offline::finalize_psbt(&psbt))
}

/// The most a transaction may pay to the miners (defaults: 0.01 LTC in total, 1,000 litoshis
/// per vbyte).
#[derive(Clone, Debug, uniffi::Record)]
pub struct FeePolicy {
    /// The fee in total.
    #[uniffi(default = None)]
    pub max_fee: Option<Amount>,
    /// The fee per virtual byte of the signed transaction, in litoshis.
    #[uniffi(default = None)]
    pub max_fee_rate: Option<i64>,
}

/// One recipient of a payment.
#[derive(Clone, Debug, uniffi::Record)]
pub struct Recipient {
    /// The address paid.
    pub address: String,
    /// Exactly how much.
    pub amount: Amount,
}

/// What the caller asked a transaction to do; `reviewTransaction` refuses any other.
#[derive(Clone, Debug, uniffi::Record)]
pub struct TransactionIntent {
    /// The address whose outputs it spends (every input must be one of them), and where change
    /// goes unless `changeAddress` says otherwise.
    pub sender_address: String,
    /// Who is paid and how much: each exactly once, with exactly that amount.
    pub recipients: Vec<Recipient>,
    /// Where change may go besides the sender.
    #[uniffi(default = None)]
    pub change_address: Option<String>,
    /// The service fee output of `createRawTransactionV3`, exactly.
    #[uniffi(default = None)]
    pub service_fee: Option<Recipient>,
    /// The most the transaction may pay in fees.
    #[uniffi(default = None)]
    pub fee_policy: Option<FeePolicy>,
}

fn core_policy(policy: Option<FeePolicy>) -> Result<offline::FeePolicy, WalletError> {
    let default = offline::FeePolicy::default();
    let Some(policy) = policy else { return Ok(default) };
    let max_fee_rate = match policy.max_fee_rate {
        Some(rate) => u64::try_from(rate).map_err(|_| WalletError::from(wallet_sdk::Error::invalid_input("max_fee_rate", "must not be negative")))?,
        None => default.max_fee_rate,
    };
    Ok(offline::FeePolicy { max_fee: policy.max_fee.map_or(default.max_fee, Into::into), max_fee_rate })
}

impl TransactionIntent {
    fn into_core(self) -> Result<offline::TransactionIntent, WalletError> {
        Ok(offline::TransactionIntent {
            sender_address: self.sender_address,
            recipients: self.recipients.into_iter().map(|r| (r.address, r.amount.into())).collect(),
            change_address: self.change_address,
            service_fee: self.service_fee.map(|r| (r.address, r.amount.into())),
            fee_policy: core_policy(self.fee_policy)?,
        })
    }
}

/// Who builds the transaction of `sendSignedLocally`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum BuildMode {
    /// The service (`createRawTransactionV2` from the sender's outputs the SDK chose).
    Service,
    /// The SDK, from the sender's unspent outputs at the fee rate.
    Local,
}

/// The optional inputs of `sendSignedLocally`.
#[derive(Clone, Debug, uniffi::Record)]
pub struct SendLocallyOptions {
    /// The fee rate of a local build, in litoshis per vbyte (default: `estimateFeeRate`).
    #[uniffi(default = None)]
    pub fee_rate: Option<i64>,
    /// Where the change goes (local builds; default: the sender).
    #[uniffi(default = None)]
    pub change_address: Option<String>,
    /// Who builds it (default: the service).
    #[uniffi(default = None)]
    pub build: Option<BuildMode>,
    /// The most it may pay in fees.
    #[uniffi(default = None)]
    pub fee_policy: Option<FeePolicy>,
    /// The service's wallet that holds the sender's address: a service build from its coins
    /// (`createRawTransaction`, or `createRawTransactionV3` with a `serviceFee`).
    #[uniffi(default = None)]
    pub wallet_name: Option<String>,
    /// An output paying exactly this besides the recipient (a platform's fee): built by the
    /// wallet (`walletName`) or locally, and reviewed like the payment.
    #[uniffi(default = None)]
    pub service_fee: Option<Recipient>,
}

#[uniffi::export]
impl WalletClient {
    /// The output each input of `unsignedHex` spends, read from the chain (`getUtxoDetails`):
    /// what `signTransactionLocally` needs, never taken from the service's build.
    pub async fn prevouts_for(&self, unsigned_hex: String) -> Result<Vec<Prevout>, WalletError> {
        let c = self.core().clone();
        guarded(async move { c.prevouts_for(&unsigned_hex).await }, self.token(), Some("prevouts_for")).await
    }

    /// Checks `unsignedHex` against `intent` before anything signs it: the recipients and
    /// amounts exactly, change only to the sender or the named change address, the service fee
    /// exactly, inputs only the sender's outputs as the chain has them, the fee within the
    /// policy, a sane version, lock time and sequences. Throws `TransactionMismatch` naming
    /// the first mismatch.
    pub async fn review_transaction(&self, unsigned_hex: String, intent: TransactionIntent) -> Result<crate::offline::TransactionReview, WalletError> {
        let intent = intent.into_core()?;
        let c = self.core().clone();
        guarded(async move { c.review_transaction(&unsigned_hex, &intent).await }, self.token(), Some("review_transaction")).await
    }

    /// A fee rate for about `targetBlocks` blocks (default 6), from recent blocks' fee-rate
    /// percentiles, never below the relay minimum.
    #[uniffi::method(default(target_blocks = None))]
    pub async fn estimate_fee_rate(&self, target_blocks: Option<i32>) -> Result<crate::offline::FeeRate, WalletError> {
        let target = target_blocks.map(|t| unsigned("target_blocks", t)).transpose()?;
        let c = self.core().clone();
        guarded(async move { c.estimate_fee_rate(target).await }, self.token(), Some("estimate_fee_rate")).await
    }

    /// Pays `amount` from `senderAddress` to `recipientAddress` without a key leaving the
    /// device: build (by the service or locally), review, sign at home with `keys`, broadcast.
    /// Nothing is signed when the review refuses the build. The broadcast is safe to repeat
    /// (the same txid): a broadcast error with no usable answer carries a token that resolves
    /// from the txid.
    #[uniffi::method(default(options = None))]
    pub async fn send_signed_locally(
        &self,
        sender_address: String,
        recipient_address: String,
        amount: Amount,
        keys: Vec<Arc<Secret>>,
        options: Option<SendLocallyOptions>,
    ) -> Result<crate::offline::SentTransaction, WalletError> {
        let options = options.unwrap_or(SendLocallyOptions { fee_rate: None, change_address: None, build: None, fee_policy: None, wallet_name: None, service_fee: None });
        let fee_rate = options.fee_rate.map(|r| u64::try_from(r).map_err(|_| wallet_sdk::Error::invalid_input("fee_rate", "must not be negative"))).transpose()?;
        let core_options = wallet_sdk::SendLocallyOptions {
            fee_rate,
            change_address: options.change_address,
            build: match options.build {
                Some(BuildMode::Local) => wallet_sdk::BuildMode::Local,
                _ => wallet_sdk::BuildMode::Service,
            },
            fee_policy: Some(core_policy(options.fee_policy)?),
            wallet_name: options.wallet_name,
            service_fee: options.service_fee.map(|r| (r.address, r.amount.into())),
        };
        let c = self.core().clone();
        let call = async move {
            let keys: Vec<&wallet_sdk::Secret> = secrets(&keys);
            c.send_signed_locally(&sender_address, &recipient_address, amount.into(), &keys, core_options).await
        };
        guarded(call, self.token(), Some("send_signed_locally")).await
    }
}
