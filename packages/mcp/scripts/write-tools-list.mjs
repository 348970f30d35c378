// Writes dist/tools-list.json, the server's tools/list answer, from the built tool table (src/tools-list.ts).
import { writeFileSync } from 'node:fs';

const { toolsList } = await import(new URL('../dist/tools-list.js', import.meta.url).href);
writeFileSync(new URL('../dist/tools-list.json', import.meta.url), `${JSON.stringify(await toolsList())}\n`);
