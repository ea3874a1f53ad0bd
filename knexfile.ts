import { loadConfig } from './server/src/config';
import { knexConfig } from './server/src/db/knex';

/** For the knex CLI: the same database the server would open with this environment. */
export default knexConfig(loadConfig().database);
