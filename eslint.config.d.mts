// The types of what eslint.config.mjs exports, for the test that checks its flow rules along
// chains of imports (lib/chat/layers.test.ts).
export declare const FLOWS: {
  target: string | string[];
  from: string | string[];
  message: string;
}[];
declare const config: unknown[];
export default config;
