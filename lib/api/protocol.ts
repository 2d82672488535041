/** The version of the wire protocol (the OpenAPI document's `info.version`); decision 020 says when it changes. */
export const PROTOCOL_VERSION = "3.2.0";
