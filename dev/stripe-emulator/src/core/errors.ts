/** An API error rendered as Stripe's envelope `{error: {type, code, message, param, ...}}`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error',
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toBody(requestId: string): { error: Record<string, unknown> } {
    const code = this.extra.code as string | undefined;
    return {
      error: {
        ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
        message: this.message,
        ...(this.extra.param === undefined ? {} : { param: this.extra.param }),
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
        type: this.type,
        ...Object.fromEntries(Object.entries(this.extra).filter(([k]) => k !== 'code' && k !== 'param')),
      },
    };
  }
}

export function missing(resource: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, 'invalid_request_error', `No such ${resource}: '${id}'`, {
    code: 'resource_missing',
    param,
  });
}

export function invalid(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, {
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });
}

export function requiredParam(param: string): StripeApiError {
  return invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
}
