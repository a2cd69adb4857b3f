/** The audit-chain module's front door: what other modules and the app may use of it; they import nothing else. */
export { auditChainRoutes } from './audit-chain.routes';
export { billLinkHash, GENESIS_HASH } from './chain-hash';
export { commandAudit } from './command-audit';
export { dayCloseDigest } from './day-chain';
export { billSealing } from './seal-bill';
export { findChainHead, parseChainHead } from './chain-head';
export { verifyChains } from './verify';
export { findFirstAudit } from './audit-lookup';
