export { composeApplication, VERSION } from './application';
export type { Application, CompositionOverrides } from './application';
export { loadConfig, ConfigError } from './config';
export type { Config } from './config';
export { createLogger } from './logger';
export { DEMO_PASSWORD, loadDemoChain } from './demo/demo-chain';
export { ACCOUNTS, CLINICS, SHARED, ANALYTICS } from './container/tokens';
export { RESERVATIONS } from './container/reservations.module';
export { MESSAGES, jobSchemaOf } from './container/messages.module';
