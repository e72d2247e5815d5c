// Accounts and credentials: the account tree, users, API keys, JWT and API-key authentication,
// settings with inheritance, the admin commands and the demo seed.
export { AccountsError, type AccountsErrorCode } from './errors';
export {
  accountIdSchema,
  branchLocationOf,
  createAccount,
  getAccount,
  isInSubtree,
  listAncestry,
  listSubtree,
  type Account,
  type CreateAccountInput,
} from './accounts';
export {
  changeOwnPassword,
  createUser,
  getUserByExternalId,
  newPasswordSchema,
  revokeConsoleSessions,
  verifyConsoleLogin,
  type ConsoleLoginUser,
  type CreateUserInput,
  type PublicUser,
  type UserRole,
} from './users';
export {
  createApiKey,
  rememberVerifiedApiKeys,
  revokeApiKey,
  revokeApiKeyById,
  type ApiKeyEnvironment,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from './api-keys';
export { configuredJwtVerifier, createJwtVerifier, type JwtVerifier, type JwtVerifierOptions } from './jwt';
export {
  authenticateApiRequest,
  type ApiPrincipal,
  type AuthenticateOptions,
  type AuthenticationResult,
} from './authenticate';
export {
  bookingSettingsSchema,
  DEFAULT_BUCKETS,
  DEFAULT_SLOT_POLICY,
  localDateSchema,
  locationSchema,
  mergeOptimizationSettings,
  objectives,
  objectiveSchema,
  optimizationSettingsSchema,
  pricingModels,
  rateCardSchema,
  resolveSlotPolicy,
  resolvedSlotPolicySchema,
  settingsUpdateSchema,
  slotPolicySchema,
  timeframeBuckets,
  type BookingSettings,
  type BucketHours,
  type Location,
  type Objective,
  type OptimizationSettings,
  type Pricing,
  type RateCard,
  type SettingsUpdate,
  type SlotPolicy,
  type TimeframeBucket,
} from './settings-schemas';
export {
  effectiveSettingsSchema,
  getEffectiveSettings,
  effectiveSettingsOf,
  readBookingAccounts,
  type BookingAccounts,
  getOwnSettings,
  ownSettingsSchema,
  setSettings,
  type EffectiveSettings,
  type OwnSettings,
} from './settings';
export {
  adminCommandNames,
  adminCommandSchema,
  runAdminCommand,
  type AdminCommand,
  type AdminCommandName,
} from './admin-commands';
export {
  ADMIN_ENDPOINT_PATH,
  adminEndpointFileOf,
  forwardAdminCommand,
  handleAdminRequest,
  isLoopback,
  openAdminChannel,
  readAdminEndpoint,
  type AdminEndpoint,
} from './admin-channel';
export { formatDemoCredentials, seedDemoIfEmpty, writeDemoCredentials, type DemoCredentials } from './demo-seed';
export { startAccounts } from './startup';
export {
  createBranch,
  createBranchSchema,
  createKeySchema,
  createManagedApiKey,
  inviteUser,
  inviteUserSchema,
  listManagedApiKeys,
  listManagedUsers,
  managedApiKeySchema,
  managedUserSchema,
  resetUserPassword,
  revokeManagedApiKey,
  setUserDisabled,
  type AdminActor,
  type ManagedApiKey,
  type ManagedUser,
} from './console-admin';
