import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from 'openapi3-ts/oas31';
import { TableHead } from './data-list';

/**
 * A browsable, dependency-free rendering of the OpenAPI document (server-rendered, works offline):
 * operations grouped by tag, with parameters, request fields, responses and error codes.
 */
type Schema = SchemaObject | ReferenceObject;

interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

function isRef(value: unknown): value is ReferenceObject {
  return typeof value === 'object' && value !== null && '$ref' in value;
}

function refName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

function resolve(doc: OpenAPIObject, schema: Schema): SchemaObject {
  if (!isRef(schema)) return schema;
  const found = doc.components?.schemas?.[refName(schema.$ref)];
  return found && !isRef(found) ? found : {};
}

function typeLabel(doc: OpenAPIObject, schema: Schema): string {
  if (isRef(schema)) return typeLabel(doc, resolve(doc, schema));
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((s) => typeLabel(doc, s)).join(' | ');
  if (schema.allOf) return schema.allOf.map((s) => typeLabel(doc, s)).join(' & ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array' && schema.items) return `array of ${typeLabel(doc, schema.items)}`;
  if (type === 'string' && schema.format) return `string (${schema.format})`;
  if (type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    return `map of ${typeLabel(doc, schema.additionalProperties)}`;
  }
  return type ?? 'any';
}

/** Flattens an object schema into rows `orders[].pickupAddress.city`, following refs without looping. */
function fieldRows(doc: OpenAPIObject, schema: Schema, prefix = '', seen = new Set<string>(), depth = 0): FieldRow[] {
  if (depth > 6) return [];
  if (isRef(schema)) {
    if (seen.has(schema.$ref)) return [];
    return fieldRows(doc, resolve(doc, schema), prefix, new Set([...seen, schema.$ref]), depth);
  }
  if (schema.allOf) return schema.allOf.flatMap((part) => fieldRows(doc, part, prefix, seen, depth));
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (type.includes('array') && schema.items) return fieldRows(doc, schema.items, `${prefix}[]`, seen, depth + 1);
  const rows: FieldRow[] = [];
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    const resolved = resolve(doc, property);
    rows.push({
      name: path,
      type: typeLabel(doc, property),
      required: required.has(name),
      description: resolved.description,
    });
    const inner = isRef(property) ? resolved : property;
    const innerType = Array.isArray(inner.type) ? inner.type : [inner.type];
    if (innerType.includes('object') || (innerType.includes('array') && inner.items) || inner.allOf) {
      rows.push(...fieldRows(doc, property, path, seen, depth + 1));
    }
  }
  return rows;
}

/** Descriptions use Markdown code spans (`name`); render those, keep the rest as text (no HTML injection). */
function Text({ children }: { children: string }) {
  const parts = children.split('`');
  // An odd number of backticks leaves the last one unmatched: show it as typed.
  if (parts.length % 2 === 0) return <>{children}</>;
  return <>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}

function FieldTable({ rows }: { rows: FieldRow[] }) {
  if (rows.length === 0) return null;
  return (
    <table className="fields">
      <TableHead columns={['Field', 'Type', 'Description']} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td>
              {row.name}
              {row.required ? <span className="required">required</span> : null}
            </td>
            <td>{row.type}</td>
            <td>
              <Text>{row.description ?? ''}</Text>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function anchorOf(method: string, path: string): string {
  return `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '');
}

function authLabel(operation: OperationObject): string {
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return 'none';
  return schemes
    .map((s) => (s === 'bearerAuth' ? 'Bearer JWT' : s === 'basicAuth' ? 'HTTP Basic (externalUserId:apiKey)' : s))
    .join(' or ');
}

function Operation({
  doc,
  method,
  path,
  operation,
}: {
  doc: OpenAPIObject;
  method: string;
  path: string;
  operation: OperationObject;
}) {
  const parameters = (operation.parameters ?? []).filter((p): p is ParameterObject => !isRef(p));
  const body =
    operation.requestBody && !isRef(operation.requestBody)
      ? operation.requestBody.content['application/json']?.schema
      : undefined;
  const responses = Object.entries(operation.responses ?? {}) as [string, ResponseObject | ReferenceObject][];
  return (
    <section className="operation" id={anchorOf(method, path)}>
      <h3>
        <span className={`method ${method}`}>{method}</span>
        <span className="path">{path}</span>
        <span>
          <Text>{operation.summary ?? ''}</Text>
        </span>
      </h3>
      {operation.description ? (
        <p className="description">
          <Text>{operation.description}</Text>
        </p>
      ) : null}
      <p className="muted">Authentication: {authLabel(operation)}</p>
      {parameters.length > 0 ? (
        <>
          <h4>Parameters</h4>
          <FieldTable
            rows={parameters.map((p) => ({
              name: `${p.name} (${p.in})`,
              type: p.schema ? typeLabel(doc, p.schema) : 'string',
              required: Boolean(p.required),
              description: p.description ?? (p.schema ? resolve(doc, p.schema).description : undefined),
            }))}
          />
        </>
      ) : null}
      {body ? (
        <>
          <h4>Request body (application/json)</h4>
          <FieldTable rows={fieldRows(doc, body)} />
        </>
      ) : null}
      <h4>Responses</h4>
      <table className="fields">
        <tbody>
          {responses.map(([status, response]) => {
            const resolved = isRef(response) ? undefined : response;
            return (
              <tr key={status}>
                <td className="status">{status}</td>
                <td className="description">
                  <Text>{resolved?.description ?? ''}</Text>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export function ApiReference({ doc }: { doc: OpenAPIObject }) {
  const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    methods.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path, method, operation, tag: operation.tags?.[0] ?? 'Other' }] : [];
    }),
  );
  const tags = [...new Set(operations.map((o) => o.tag))];
  // Operations last: callers come for the API.
  tags.sort((a, b) => Number(a === 'Operations') - Number(b === 'Operations'));
  return (
    <div className="docs">
      <aside>
        <strong>{doc.info.title}</strong>
        <div className="muted">
          v{doc.info.version} · OpenAPI {doc.openapi}
        </div>
        {tags.map((tag) => (
          <div key={tag}>
            <h2>{tag}</h2>
            <ul>
              {operations
                .filter((o) => o.tag === tag)
                .map((o) => (
                  <li key={`${o.method} ${o.path}`}>
                    <a href={`#${anchorOf(o.method, o.path)}`}>
                      <span className={`method ${o.method}`}>{o.method}</span> {o.path}
                    </a>
                  </li>
                ))}
            </ul>
          </div>
        ))}
        <p>
          <a href="/v1/openapi.json">openapi.json</a>
        </p>
      </aside>
      <main>
        <h1>{doc.info.title}</h1>
        {doc.info.description ? (
          <p className="intro">
            <Text>{doc.info.description}</Text>
          </p>
        ) : null}
        <section className="panel">
          <h2>Errors</h2>
          <p>Every error response has this body; the codes each operation can return are listed under its responses.</p>
          <FieldTable
            rows={doc.components?.schemas?.Error ? fieldRows(doc, { $ref: '#/components/schemas/Error' }) : []}
          />
        </section>
        {tags.map((tag) => (
          <section key={tag}>
            <h2>{tag}</h2>
            {operations
              .filter((o) => o.tag === tag)
              .map((o) => (
                <Operation
                  key={`${o.method} ${o.path}`}
                  doc={doc}
                  method={o.method}
                  path={o.path}
                  operation={o.operation}
                />
              ))}
          </section>
        ))}
      </main>
    </div>
  );
}
