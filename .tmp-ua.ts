import { AgentCatalogue } from './src/insight/agent-catalogue.ts';
const c = new AgentCatalogue();
c.classify('warm');
const n = 100_000;
for (let r = 0; r < 2; r++) {
const t = performance.now();
for (let i = 0; i < n; i++) c.classify(`Mozilla/5.0 (compatible; Agent${i}${r}/1.0) Chrome/${i}`);
console.log('mozilla-like', ((performance.now() - t) / n * 1000).toFixed(2), 'µs each');
}
