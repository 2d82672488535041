import { ChoiceListComponent, defineComponentManifest } from "@/lib/component-frames";

/** The closed set of components this app draws. A frame of any other key shows its fallback. */
export const appComponents = defineComponentManifest([ChoiceListComponent]);
