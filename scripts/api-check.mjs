// `npm run api:check`: see tools/product/release-commands.mjs and the README ("Deploying one remote alone").
import { runReleaseCommand } from '../tools/product/release-commands.mjs';

await runReleaseCommand('api:check');
