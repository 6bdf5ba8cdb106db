// Request bodies: JSON only, checked by the routes' body schemas with the Ajv rr already uses for its
// model and telemetry schemas (not a second copy inside fastify). A text/plain body is what a cross-site
// form can send without a CORS preflight, so no parser for it: fastify answers 415 (error-answers.ts).
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';

/** Takes only `application/json` bodies and checks them with the routes' `schema.body`. */
export function installJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  // verbose: a refusal sees the value, so a required field sent as null reads "is required".
  const ajv = new Ajv2020({ allErrors: false, strict: true, allowUnionTypes: true, verbose: true });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validate = ajv.compile(schema);
    // An absent (or JSON null) body is an empty object, so a missing field is named, not the body.
    const check = (data: unknown) => {
      const ok = validate(httpPart === 'body' && (data === undefined || data === null) ? {} : data);
      check.errors = validate.errors;
      return ok;
    };
    check.errors = validate.errors;
    return check;
  });
}
