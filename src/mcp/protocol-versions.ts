/**
 * The protocol revisions served: 2026-07-28 (stateless, a `_meta` envelope on every request) and
 * the 2025-era revisions before it (the `initialize` handshake). Revisions are dates, so they
 * compare as strings: anything from 2026-07-28 on belongs to the stateless era.
 */
import { MCP_PROTOCOL_VERSIONS } from '../contract/mcp-connection.ts';

export const isModernVersion = (version: string) => version >= '2026-07-28';

export const MODERN_VERSIONS = MCP_PROTOCOL_VERSIONS.filter(isModernVersion);
/** In order of preference: `initialize` answers with the first when it does not know the one asked for. */
export const LEGACY_VERSIONS = MCP_PROTOCOL_VERSIONS.filter((version) => !isModernVersion(version));
