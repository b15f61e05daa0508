import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/** Ajv's validate function, as far as Fastify uses it (the data context only passes through). */
type Validate = ((data: unknown, dataContext?: never) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/** `build` runs once, on the first call, and its result is kept. */
function onFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

/** A validator that stands for the one `compile` returns, compiled on its first use. */
function lazyValidator<V extends Validate>(compiled: () => V): V {
  const validate: Validate = (data, dataContext) => {
    const compiledValidate = compiled();
    const result = compiledValidate(data, dataContext);
    validate.errors = compiledValidate.errors;
    return result;
  };
  // Fastify reads schemaEnv just before validating, to hand Ajv the parent object (so it may coerce a root value).
  Object.defineProperty(validate, 'schemaEnv', { get: () => compiled().schemaEnv });
  return validate as V;
}

/**
 * Fastify's own compilers (Ajv for requests, fast-json-stringify for responses, with the options it
 * would give them), each route's schema compiled when a request first needs it instead of all at
 * `ready()`: compiling every route's schemas up front was about a third of the production start.
 */
export function lazySchemaCompilers(): { buildValidator: BuildCompilerFromPool; buildSerializer: SerializerFactory } {
  const ajvCompilers = AjvCompiler();
  const serializerCompilers = SerializerSelector();
  return {
    buildValidator: (externalSchemas, options) => {
      const compiler = onFirstUse(() => ajvCompilers(externalSchemas, options));
      return (route) => lazyValidator(onFirstUse(() => compiler()(route)));
    },
    buildSerializer: (externalSchemas, options) => {
      const compiler = onFirstUse(() => serializerCompilers(externalSchemas, options));
      return (route) => {
        const serializer = onFirstUse(() => compiler()(route));
        return (data) => serializer()(data);
      };
    },
  };
}
