import { MemoryStore } from '../../src/store/memory.ts';
import { storeContract } from './contract.ts';
import { scanContract } from './scan-contract.ts';

storeContract('embedded memory store', (clock) => new MemoryStore({ now: clock.now }));
scanContract('embedded memory store', (clock) => new MemoryStore({ now: clock.now }));
