// The ES module of the package `wallet-sdk`, written by tools/gen-types.mjs: do not edit.
import sdk from './index.js';

export const {
  Client,
  Amount,
  Secret,
  WalletSdkError,
  offline,
  InvalidInputError,
  InsecureTransportError,
  CredentialExpiredError,
  CredentialRejectedError,
  ValidationError,
  NotFoundError,
  ConflictError,
  WalletLockedError,
  InsufficientFundsError,
  RejectedError,
  RateLimitedError,
  ServiceUnavailableError,
  ServiceErrorError,
  TimeoutError,
  OutcomeUnknownError,
  TransportError,
  DecodeError,
  TransactionMismatchError,
} = sdk;
export default sdk;
