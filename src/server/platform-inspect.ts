import { readFileSync } from 'node:fs';
import { inspectPlatformBody, PlatformBodyError } from './modules/online-orders';

// npm run platform:inspect -- <yemeksepeti|getir|trendyol> <file.json> [--external-id ID]
// Prints how Sofra reads one body exactly as the platform sends it (an order or a cancellation) as
// one JSON object; a body it cannot read exits 1 with the reason on stderr. `--external-id` names
// the order of a cancellation whose platform names it only in the URL (Yemeksepeti).
const USAGE = 'Kullanım: npm run platform:inspect -- <yemeksepeti|getir|trendyol> <dosya.json> [--external-id NUMARA]';

function main(argv: string[]): number {
  const at = argv.indexOf('--external-id');
  const externalId = at >= 0 ? argv[at + 1] : undefined;
  const rest = at >= 0 ? [...argv.slice(0, at), ...argv.slice(at + 2)] : argv;
  if (rest.length !== 2 || (at >= 0 && !externalId)) {
    console.error(USAGE);
    return 2;
  }
  const [platform, file] = rest;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    console.error(`Dosya okunamadı: ${file}`);
    return 1;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    console.error(`Dosya geçerli bir JSON değil: ${file}`);
    return 1;
  }
  try {
    console.log(JSON.stringify(inspectPlatformBody(platform, body, { externalId }), null, 2));
    return 0;
  } catch (err) {
    if (err instanceof PlatformBodyError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

process.exitCode = main(process.argv.slice(2));
