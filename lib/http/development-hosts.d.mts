// The types of what development-hosts.mjs exports, for the origin check that shares its list.
export declare function developmentHosts(appOrigins: readonly string[]): string[];
