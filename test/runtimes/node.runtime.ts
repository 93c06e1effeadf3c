import { LAUNCHERS } from './launchers.ts';
import { describeRuntime } from './suite.ts';

describeRuntime(LAUNCHERS.node!);
