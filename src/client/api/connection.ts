import { DEFAULT_CACHE_SIZE_BYTES } from '../../shared/connection-settings';
import { baseUrl, readConnectionConfig } from './connection-config';
import { configureHttp } from './http';
import { ResponseCache } from './response-cache';

/** Read once when a dashboard first loads; every API call and the live feed then use it. */
export const connectionConfig = readConnectionConfig();

configureHttp({
  base: connectionConfig.ok ? baseUrl(connectionConfig.settings) : '',
  cache: new ResponseCache(connectionConfig.ok ? connectionConfig.settings.cacheSizeBytes : DEFAULT_CACHE_SIZE_BYTES),
});
