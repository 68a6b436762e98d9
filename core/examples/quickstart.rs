//! Quickstart against a running sandbox (or the real service):
//!
//! ```sh
//! WALLET_SDK_BASE_URL=http://127.0.0.1:8080 WALLET_SDK_API_KEY=... \
//!     cargo run -p wallet-sdk --example quickstart
//! ```
//!
//! blockchain info → encrypted wallet (keep the passphrase) → legacy address → its balance is
//! 0 / 0 → sign a message with the wallet → verify it.

use wallet_sdk::{AddressType, Client, CreateAddressOptions, SignWalletMessageOptions};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = Client::from_env()?;

    let info = client.blockchain_info().await?;
    println!(
        "1. blockchain info: chain {} at height {}",
        info.chain.as_deref().unwrap_or("?"),
        info.blocks.map_or("?".to_string(), |b| b.to_string())
    );

    let suffix: u32 = std::process::id() ^ (std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.subsec_nanos());
    let wallet_name = format!("rs_quickstart_{suffix:08x}");
    let wallet = client.create_encrypted_wallet(&wallet_name).await?;
    // `wallet.passphrase` is a Secret: it prints as [REDACTED]; keep it, it is shown only once.
    println!("2. created encrypted wallet {wallet_name} (passphrase kept: {})", wallet.passphrase);

    let address = client
        .create_address(
            &wallet_name,
            CreateAddressOptions {
                address_type: Some(AddressType::Legacy),
                label: Some("quickstart".into()),
                passphrase: Some(wallet.passphrase.clone()),
            },
        )
        .await?;
    println!("3. created legacy address {}", address.address);

    let balance = client.address_balance(&address.address).await?;
    println!("4. balance: confirmed {} / unconfirmed {}", balance.confirmed, balance.unconfirmed);
    if balance.confirmed.litoshis() != 0 || balance.unconfirmed.litoshis() != 0 {
        return Err("a new address should have a zero balance".into());
    }

    let message = "hello from wallet-sdk";
    let signed = client
        .sign_wallet_message(
            &wallet_name,
            &address.address,
            message,
            SignWalletMessageOptions { passphrase: Some(wallet.passphrase.clone()) },
        )
        .await?;
    println!("5. signed message: {}", signed.signature);

    let verified = client.verify_message(&address.address, message, &signed.signature).await?;
    println!("6. verify_message: valid = {}", verified.valid);
    if !verified.valid {
        return Err("the signature should verify".into());
    }
    Ok(())
}
