/*
 * Every refusal the API can send, by its stable i18n key, with its English text. The server
 * throws only these keys (the error helpers take a key, never free text) and answers
 * `{code, msg, data: null, key, params?}`: `msg` is the key's text in the language the request's
 * Accept-Language asks for, English when none matches (ADR-0196; logs keep English); the web app
 * shows the key's text in the user's locale. Every key
 * is in all five `locales/*.json` with the same `{{placeholders}}` (test/unit/refusals.test.ts),
 * and en.json holds exactly the text below. Placeholders are the params: the types below make
 * a throw site name each of them, and no other.
 */
export const REFUSALS = {
  // Any call (server/app.ts, the error handler)
  "api.badUrl": "The address of the call is malformed",
  "api.bodyTooLarge": "The request is too large",
  "api.emptyBody": "The request body is empty",
  "api.incompleteBody": "The request body was cut short",
  "api.internal": "Internal server error",
  "api.invalidInput": "Invalid input: {{field}}",
  "api.malformedBody": "The request body is not valid JSON",
  "api.noAnswer": "The server stopped before answering: the request may have been carried out",
  "api.noSuchCall": "No such call: {{method}} {{path}}",
  "api.notReady": "The service is not ready",
  "api.relogin": "Please sign in again!",
  "api.requestRefused": "The request was refused (HTTP {{status}})",
  "api.tooManyRequests": "Too many requests; try again in {{seconds}} s",
  "api.unavailable": "The server is unavailable for a moment; try again shortly",
  "api.unsupportedContentType": "Unsupported content type: send JSON",

  // Sign-in with Ethereum (the order of the checks: server/modules/auth/siwe-login.service.ts)
  "signIn.badSignature": "Signature does not match the address",
  "signIn.futureMessage": "Sign-in message is dated in the future: check the device clock",
  "signIn.invalidMessage": "Sign-in message is not a valid EIP-4361 message",
  "signIn.messageBeforeNonce": "Sign-in message is dated before its nonce was issued",
  "signIn.messageExpired": "Sign-in message has expired",
  "signIn.messageNotYetValid": "Sign-in message is not valid yet",
  "signIn.nonceUsed": "Sign-in nonce has expired or was already used",
  "signIn.wrongChain": "Sign-in message is for another chain: {{chainId}}",
  "signIn.wrongDomain": "Sign-in message is for another domain: {{domain}}",
  "signIn.wrongOrigin": "Sign-in message is for another origin: {{uri}}",

  // Operator calls: who may call (server/modules/operators), roles, approvals by a second operator
  "adjust.belowZero": "The adjustment would take the balance below zero",
  "admin.badToken": "Admin token missing or wrong",
  "admin.disabled": "Sign in with an operator wallet: the shared admin token is not configured",
  "admin.noRole": "This wallet holds no operator role",
  "admin.roleRequired": "This call needs the operator role {{roles}}",
  "admin.tokenNotTreasurer":
    "The shared token holds no treasurer role: withdrawals, settlement and money requests need a treasurer's wallet",
  "admin.walletOnly": "This call needs an operator wallet's session, not the shared token",
  "approvals.alreadyApproved": "This request was already approved",
  "approvals.alreadyRejected": "This request was already rejected",
  "approvals.filedByToken":
    "This request was filed with the shared token, which names no one: reject it and file it again from a wallet",
  "approvals.notFound": "No such approval request",
  "approvals.retryPending": "A retry of this withdrawal is already waiting for approval",
  "approvals.selfApproval": "A request needs a second operator: you cannot approve your own",
  "roles.alreadyHeld": "{{address}} already holds the role {{role}}",
  "roles.configuredAdmin": "This wallet is an admin by the ADMIN_ADDRESSES setting: change the setting to remove it",
  "roles.lastAdmin": "The last admin cannot be revoked: grant admin to another wallet first",
  "roles.notHeld": "{{address}} does not hold the role {{role}}",
  "users.notFound": "No such user",

  // The request-encryption compatibility layer
  "encryption.badCipher": "Encrypted body refused: encrypt is not an IV and whole AES blocks",
  "encryption.badSign": "Encrypted body refused: sign must be 64 hex digits",
  "encryption.badTimestamp": "Encrypted body refused: timestamp must be epoch milliseconds",
  "encryption.cannotDecrypt": "Encrypted body refused: encrypt cannot be decrypted with the configured key",
  "encryption.duplicateName": 'Encrypted body refused: decrypted params name "{{name}}" twice',
  "encryption.forbiddenName": 'Encrypted body refused: decrypted params may not name "{{name}}"',
  "encryption.notJson": "Encrypted body refused: decrypted params are not valid JSON",
  "encryption.notObject": "Encrypted body refused: decrypted params must be an object",
  "encryption.signMismatch": "Encrypted body refused: sign does not match",
  "encryption.staleTimestamp": "Encrypted body refused: request timestamp is older than {{minutes}} minutes or in the future",
  "encryption.tooLarge": "Encrypted body is too large",
  "encryption.wrongFields": "Encrypted body must have exactly encrypt, sign and timestamp",
  "encryption.wrongTypes": "Encrypted body: encrypt and sign must be strings, timestamp a number",

  // Registration, verification codes, fund password, profile
  "account.noSuchEmail": "No account uses this email",
  "code.dailyCapEmail": "This email address has had {{max}} codes in the last 24 hours; try again later",
  "code.dailyCapNetwork": "Too many codes were requested from your network in the last 24 hours; try again later",
  "code.dailyCapPhone": "This phone number has had {{max}} codes in the last 24 hours; try again later",
  "code.expired": "This code has expired; ask for a new one",
  "code.mailFailed": "The mail could not be sent; try again later",
  "code.noLongerValid": "This code is no longer valid; ask for a new one",
  "code.notSent": "No code was sent for this request; ask for a code first",
  "code.smsFailed": "The text message could not be sent; try again later",
  "code.tooManyAttempts": "Too many wrong attempts; ask for a new code",
  "code.used": "This code was already used; ask for a new one",
  "code.wait": "Please wait {{seconds}} s before requesting another code",
  "code.wrong": "Wrong code; attempts left: {{left}}",
  "code.wrongNoneLeft": "Wrong code; no attempts left, ask for a new code",
  "fundPassword.locked": "Too many wrong fund passwords: try again in {{minutes}} min",
  "fundPassword.notSet": "Set a fund password first",
  "fundPassword.wrong": "Wrong fund password",
  "fundPassword.wrongOld": "The old fund password is wrong",
  "profile.noFundPassword": "No fund password is set yet: register first",
  "profile.tooMany": "Too many profile changes; try again in {{seconds}} s",
  "register.already": "This account is already registered",
  "chain.unreadable": "The chain cannot be read right now; try again in a moment",
  "register.chainTreesDisagree":
    "Your inviter on chain is in your own team here, so the two trees disagree: please contact support",
  "register.emailTaken": "This email is already used by another account",
  "register.invitationCycle": "This invitation code belongs to someone in your own team: invitations cannot form a cycle",
  "register.inviterBound": "Another inviter is already bound to this account",
  "register.ownInvitation": "You cannot use your own invitation code",
  "register.unknownInvitation": "Unknown invitation code: {{code}}",

  // Identity and bank account applications, and their review
  "bank.holderMismatch": "The account holder must be your verified real name",
  "bank.identityFirst": "Verify your identity first: the bank account must be in your verified name",
  "bank.pending": "Your bank account application is being reviewed",
  "identity.alreadyVerified": "Your identity is already verified",
  "identity.idNumberTaken": "This ID number is already used by another account",
  "identity.idNumberVerifiedElsewhere": "Another account is already verified with this ID number: reject this application",
  "identity.pending": "Your identity application is being reviewed",
  "identity.sameImages": "The front and the back of the ID card must be two different images",
  "review.alreadyApproved": "This application is already approved",
  "review.alreadyRejected": "This application is already rejected",
  "review.notFound": "No such application",
  "review.raced": "This application was reviewed meanwhile",

  // Uploads
  "upload.empty": "The file is empty",
  "upload.fileMissing": "The form field file is missing",
  "upload.malformed": "The multipart body is malformed",
  "upload.noSuchImage": "No such image",
  "upload.notImage": "The file is not a JPEG, PNG or WebP image",
  "upload.notMultipart": "Send the image as multipart/form-data with the field file",
  "upload.notYours": "{{field}} must be an image you uploaded",
  "upload.oneFile": "Send exactly one file, in the field file",
  "upload.purposeTwice": "Send the form field purpose once",
  "upload.tooLarge": "The image is larger than {{megabytes}} MB.",
  "upload.tooMany": "Too many uploads; try again in {{seconds}} s",
  "upload.tooManyFields": "Too many form fields: send file and, optionally, user and purpose",
  "upload.unknownFileField": "Unknown file field {{field}}: send the image in the field file",
  "upload.unknownFormField": "Unknown form field {{field}}: only file, user and purpose are accepted",
  "upload.wrongPurpose": "{{field}} must be an image uploaded with purpose {{purpose}}",

  // Delivery addresses
  "address.badRegion": "The province, city and district must be a province, one of its cities and one of its districts",
  "address.notFound": "Address not found",
  "address.phoneCodeNeeded": "Verify this phone number first: ask for a code and enter it",
  "address.tooMany": "You can keep at most {{max}} addresses; delete one first",

  // Shop: products, orders, notices
  "notices.alreadyUnpublished": "This notice is already unpublished",
  "notices.notFound": "This notice does not exist.",
  "orders.insufficientCny": "Insufficient CNY balance",
  "orders.insufficientUsdt": "Insufficient USDT balance",
  "orders.noProduct": "Product not found or not on sale",
  "orders.soldOut": "This product is sold out",
  "products.alloyNeedsMaterial": "alloyPieces needs an alloyMaterial (1..5)",
  "products.notFound": "This product does not exist.",

  // Assets: debt, recharge, transfer, withdraw
  "events.serverBusy": "Live updates are busy on this server: this page refreshes by itself a little later instead",
  "events.tooManyStreams":
    "At most {{max}} windows or devices may receive live updates at once: close one, or this page refreshes by itself a little later",
  "debt.blocksSpending":
    "Outstanding debt from a reversed recharge: orders, transfers and withdrawals are blocked until it is repaid",
  "recharge.referenceTaken": "This recharge reference is already registered: make a new one",
  "recharge.tooManyOpen": "At most {{max}} recharges may wait for payment at once",
  "transfer.tooMany": "Too many transfers; try again in {{seconds}} s",
  "withdraw.addressRefused": "The withdrawal address must be 0x followed by 40 hex digits (not the zero address)",
  "withdraw.alreadyRetried": "This withdrawal was already retried",
  "withdraw.belowMinimum": "The minimum withdrawal is {{minimum}} USDT",
  "withdraw.insufficient": "Not enough withdrawable USDT!",
  "withdraw.noAddress": "This withdrawal has no address to pay",
  "withdraw.noSuchWithdrawal": "No such withdrawal",
  "withdraw.onlyFailedRetry": "Only a failed withdrawal can be retried",
  "withdraw.tooMany": "Too many withdrawals; try again in {{seconds}} s",
  "withdraw.tronUnsupported": "TRON TRC20 USDT withdrawal is not supported yet!",
  "withdraw.unknownNetwork": "Unknown withdrawal network",
} as const satisfies Record<string, string>;

export type RefusalKey = keyof typeof REFUSALS;

/** The names between `{{` and `}}` in a text. */
type Placeholders<S extends string> = S extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The params a key's text names. */
export type RefusalParamName<K extends RefusalKey> = Placeholders<(typeof REFUSALS)[K]>;

export type RefusalParamValue = string | number;

/** `[]` for a text without placeholders, else `[params]` with exactly its names. */
export type RefusalArgs<K extends RefusalKey> = [RefusalParamName<K>] extends [never]
  ? []
  : [params: { [P in RefusalParamName<K>]: RefusalParamValue }];

/** A refusal as the API sends it: the key, and its params when its text has any. */
export interface Refusal {
  key: RefusalKey;
  params?: Record<string, RefusalParamValue>;
}

export function refusal<K extends RefusalKey>(key: K, ...args: RefusalArgs<K>): Refusal {
  const [params] = args as [Record<string, RefusalParamValue>?];
  return params === undefined ? { key } : { key, params };
}

export function isRefusalKey(key: unknown): key is RefusalKey {
  return typeof key === "string" && Object.hasOwn(REFUSALS, key);
}

/** The names a text uses, in order of first use (for checks and tests). */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!))];
}

/** A text with its `{{name}}` placeholders filled in; a param that is missing stays as it was. */
export function fillPlaceholders(text: string, params: Record<string, RefusalParamValue> = {}): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** The English text of a refusal: the envelope's `msg`. */
export function englishText(r: Refusal): string {
  return fillPlaceholders(REFUSALS[r.key], r.params);
}
