/**
 * Why a scan could not grade its target, for people: the shared table (src/tools/unassessed-causes.ts),
 * looked up as the page script looks up every label.
 */
import { CAUSES, UNKNOWN_CAUSE, type Cause } from '../../tools/unassessed-causes.ts';
import { label } from './dom.ts';

export { CAUSES, type Cause };

export const causeOf = (reason: string): Cause => label(CAUSES, reason) ?? UNKNOWN_CAUSE;

export const isKnownCause = (reason: string): boolean => label(CAUSES, reason) !== undefined;
