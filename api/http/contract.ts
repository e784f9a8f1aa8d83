/** The answer of a request whose outcome is a sentence for the user. */
export interface MessageAnswer {
  message: string;
}

/** Every refusal (4xx) and failure (5xx): a sentence saying what to do, never a stack. */
export interface ErrorAnswer {
  error: string;
}
