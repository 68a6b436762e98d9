//! The client's settings, listed once. Every surface that builds a client (the Rust
//! [`ClientBuilder`](crate::ClientBuilder), Python's `Client`/`AsyncClient` constructors, the
//! `WalletClientConfig` record of Kotlin, Swift and Java, and the `wallet` command line) takes
//! each of them; `core/tests/settings_drift.rs` reads every surface and names the setting a
//! surface lacks.

/// One setting and how each surface spells it.
#[derive(Debug, Clone, Copy)]
pub struct ClientSetting {
    /// The setting, in snake_case.
    pub name: &'static str,
    /// What it does.
    pub about: &'static str,
    /// The `ClientBuilder` method (`retry_policy.max_attempts`: a field of the policy it takes).
    pub rust: &'static str,
    /// The keyword of Python's constructors.
    pub python: &'static str,
    /// The field of `WalletClientConfig` (Kotlin, Swift, Java).
    pub ffi: &'static str,
    /// The flag of the `wallet` command line.
    pub cli: &'static str,
}

const fn setting(
    name: &'static str,
    about: &'static str,
    rust: &'static str,
    python: &'static str,
    ffi: &'static str,
    cli: &'static str,
) -> ClientSetting {
    ClientSetting { name, about, rust, python, ffi, cli }
}

/// Every setting of a client.
pub const CLIENT_SETTINGS: &[ClientSetting] = &[
    setting("base_url", "the service's base URL", "base_url", "base_url", "base_url", "--base-url"),
    setting("credential", "the API key (JWT) or a node URL", "credential", "api_key", "credential", "--api-key-file"),
    setting("connect_timeout", "time allowed to connect", "connect_timeout", "connect_timeout", "connect_timeout_ms", "--connect-timeout"),
    setting("timeout", "time allowed for one attempt", "timeout", "timeout", "timeout_ms", "--timeout"),
    setting("max_attempts", "attempts in total, the first included", "retry_policy.max_attempts", "max_attempts", "max_attempts", "--max-attempts"),
    setting("backoff", "delay before the first retry, doubled each time", "retry_policy.base_backoff", "backoff", "base_backoff_ms", "--backoff"),
    setting("max_backoff", "cap of the retry delay (and of Retry-After)", "retry_policy.max_backoff", "max_backoff", "max_backoff_ms", "--max-backoff"),
    setting("user_agent_suffix", "product token appended to the User-Agent", "user_agent_suffix", "user_agent_suffix", "user_agent_suffix", "--user-agent-suffix"),
    setting("max_response_bytes", "largest answer body accepted", "max_response_bytes", "max_response_bytes", "max_response_bytes", "--max-response-bytes"),
    setting("allow_insecure_http", "allow http:// to a host other than loopback", "allow_insecure_http", "allow_insecure_http", "allow_insecure_http", "--allow-insecure-http"),
    setting("root_certificates", "extra trusted root certificates (PEM)", "add_root_certificate_pem", "root_certificates_pem", "root_certificates_pem", "--ca-cert"),
    setting("tls_certs_only", "trust only the given roots", "tls_certs_only", "tls_certs_only", "tls_certs_only", "--ca-cert-only"),
    setting("proxy", "an HTTP proxy for every request", "proxy", "proxy", "proxy", "--proxy"),
    setting("no_proxy", "ignore the proxies of the environment", "no_proxy", "no_proxy", "no_proxy", "--no-proxy"),
    setting("expiry_skew", "clock skew allowed when checking the API key's expiry", "expiry_skew", "expiry_skew", "expiry_skew_seconds", "--expiry-skew"),
    setting("address_type_codes", "the integer codes sent for address types", "address_type_codes", "address_type_codes", "address_type_codes", "--address-type-codes"),
    setting("settle_time", "when a request whose answer was lost can no longer be in flight (resolve's not_applied)", "settle_time", "settle_time", "settle_time_ms", "--settle-time"),
    setting("state_key", "the secret that signs event cursors and outcome tokens (default: random per process)", "state_key", "state_key", "state_key", "--state-key-file"),
];
