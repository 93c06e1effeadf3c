/**
 * RFC 9989 DMARC policy discovery: the DNS Tree Walk (§4.10.1) and the choice of the
 * Organizational Domain (§4.10.2), as pure steps shared by retrieval (which asks DNS) and
 * analysis (which reads the capture).
 *
 * The walk asks `_dmarc.<domain>`; when the domain has no single DMARC record, it asks again at
 * shorter names: a name of 8 or more labels first jumps to its last 7 labels, then one label is
 * removed at a time, down to the top-level domain, so at most 8 names are asked. A record with
 * `psd=y` or `psd=n` stops it. A DNS failure stops it too (a receiver would defer).
 *
 * The domain scanned here is a registrable apex, so when it has its own record the walk stops
 * there and the domain is taken as its own Organizational Domain.
 */
import type { DnsExchange } from '../capture.ts';
import { isDnsFailure, txtTexts } from '../dns-answers.ts';
import type { DmarcSection } from '../result-schema-sections.ts';
import { classifyDmarcText, parseDmarcRecord } from './parse.ts';

/** After the first query, the walk continues from at most this many labels. */
const TREE_WALK_MAX_LABELS = 7;

/** One name the RFC 9989 tree walk asked. */
export type WalkStep = DmarcSection['walk'][number];

export const dmarcName = (name: string) => `_dmarc.${name}`;

export function walkStep(name: string, result: DnsExchange): WalkStep {
  if (isDnsFailure(result)) return { name, outcome: 'failed', records: [], record: null };
  const records = txtTexts(result).filter((text) => classifyDmarcText(text) === 'dmarc');
  if (records.length === 0) return { name, outcome: 'none', records, record: null };
  if (records.length > 1) return { name, outcome: 'multiple', records, record: null };
  return { name, outcome: 'record', records, record: parseDmarcRecord(records[0]!) };
}

/** The next name to ask `_dmarc.` of, given the steps so far; null when the walk is over. */
export function nextWalkName(domain: string, steps: WalkStep[]): string | null {
  const last = steps[steps.length - 1];
  if (!last) return domain;
  if (last.outcome === 'failed') return null;
  const psd = last.record?.psd;
  if (last.outcome === 'record' && (steps.length === 1 || psd === 'y' || psd === 'n')) return null;
  const labels = last.name.split('.');
  if (labels.length <= 1) return null;
  const keep = steps.length === 1 ? Math.min(labels.length - 1, TREE_WALK_MAX_LABELS) : labels.length - 1;
  return labels.slice(labels.length - keep).join('.');
}

export interface PolicyDiscovery {
  steps: WalkStep[];
  /** The step whose record applies to the domain, if any. */
  policyStep: WalkStep | null;
  source: 'domain' | 'organizational' | null;
  /** The record found is a public suffix's (`psd=y`) applying to the domain below it. */
  fromPublicSuffix: boolean;
  organizationalDomain: string;
  /** A lookup failed, so the walk could not finish. */
  failed: boolean;
}

/** The name `count` labels long that ends `domain` (its ancestor, or itself). */
function ancestor(domain: string, count: number): string {
  const labels = domain.split('.');
  return labels.slice(Math.max(0, labels.length - count)).join('.');
}

/** RFC 9989 §4.10.2: psd=n names itself; psd=y names the domain one label below; else the fewest labels. */
export function organizationalDomain(domain: string, steps: WalkStep[]): string {
  for (const step of steps) {
    if (step.outcome !== 'record') continue;
    if (step.record?.psd === 'n') return step.name;
    if (step.record?.psd === 'y')
      return step.name === domain ? domain : ancestor(domain, step.name.split('.').length + 1);
  }
  const withRecords = steps.filter((step) => step.outcome === 'record');
  if (withRecords.length === 0) return domain;
  return withRecords.reduce((best, step) => (step.name.split('.').length < best.name.split('.').length ? step : best))
    .name;
}

export function discoverPolicy(domain: string, steps: WalkStep[]): PolicyDiscovery {
  const failed = steps.some((step) => step.outcome === 'failed');
  const orgDomain = organizationalDomain(domain, steps);
  const base = { steps, organizationalDomain: orgDomain, failed };
  const own = steps[0];
  if (own?.outcome === 'record') return { ...base, policyStep: own, source: 'domain', fromPublicSuffix: false };
  const orgStep = steps.find((step) => step.outcome === 'record' && step.name === orgDomain && step.name !== domain);
  if (orgStep) return { ...base, policyStep: orgStep, source: 'organizational', fromPublicSuffix: false };
  const suffixStep = steps.find((step) => step.outcome === 'record' && step.record?.psd === 'y');
  if (suffixStep) return { ...base, policyStep: suffixStep, source: 'organizational', fromPublicSuffix: true };
  return { ...base, policyStep: null, source: null, fromPublicSuffix: false };
}
