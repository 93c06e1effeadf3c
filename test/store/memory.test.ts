import { MemoryStore } from '../../src/store/memory.ts';
import { storeContract } from './contract.ts';

storeContract('embedded memory store', (clock) => new MemoryStore({ now: clock.now }));
