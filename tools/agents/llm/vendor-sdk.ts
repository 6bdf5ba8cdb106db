// The vendor SDK, @anthropic-ai/sdk, is an optional dependency: rr installs and runs without it, and then
// offers only the deterministic completeness check. It is loaded with a dynamic import, through a loader
// a test can replace to see what happens when it is missing.
import type * as Sdk from '@anthropic-ai/sdk';

/** The SDK module as rr uses it. */
export interface VendorSdk {
  Anthropic: typeof Sdk.Anthropic;
  APIError: typeof Sdk.APIError;
  APIUserAbortError: typeof Sdk.APIUserAbortError;
  APIConnectionError: typeof Sdk.APIConnectionError;
  version: string;
}

/** Loads the SDK module (a test passes one that fails). */
export type VendorSdkLoader = () => Promise<VendorSdk>;

/** The real loader: a dynamic import, so a missing package costs nothing until asked for. */
export const importVendorSdk: VendorSdkLoader = async () => {
  const sdk = await import('@anthropic-ai/sdk');
  const { VERSION } = await import('@anthropic-ai/sdk/version');
  return {
    Anthropic: sdk.Anthropic,
    APIError: sdk.APIError,
    APIUserAbortError: sdk.APIUserAbortError,
    APIConnectionError: sdk.APIConnectionError,
    version: VERSION,
  };
};

/** The SDK, or why it cannot be loaded. */
export async function loadVendorSdk(
  loader: VendorSdkLoader = importVendorSdk,
): Promise<{ sdk: VendorSdk } | { missing: string }> {
  try {
    return { sdk: await loader() };
  } catch (error) {
    return { missing: (error as Error).message.split('\n')[0] ?? String(error) };
  }
}
