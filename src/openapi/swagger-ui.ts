import type { SwaggerCustomOptions } from '@nestjs/swagger';

type SwaggerUiOptions = NonNullable<SwaggerCustomOptions['swaggerOptions']>;

/* Swagger UI's plugin API, as far as the plugin below uses it (the functions run in the browser). */
type Element = unknown;
interface ReactLike {
  createElement(type: unknown, props: Record<string, unknown> | null, ...children: Element[]): Element;
}
interface ResponseBodyProps {
  content?: unknown;
  contentType?: string;
}
declare const SwaggerUIBundle: { plugins: { DownloadUrl: (system: unknown) => unknown } };

/**
 * Shows an `image/svg+xml` answer as a picture: Swagger UI prints it as text (it reads `+xml` bodies as strings).
 * The SVG becomes an `<img>` of a data URL, which runs no script and which the page's content security policy allows.
 * Serialized into Swagger UI's init script: it may use nothing outside its own body.
 */
export function svgAnswersAsPictures(): unknown {
  return {
    wrapComponents: {
      responseBody:
        (Original: unknown, system: { React: ReactLike }) =>
        (props: ResponseBodyProps): Element => {
          const React = system.React;
          const svg = String(props.contentType ?? '').startsWith('image/svg+xml') && typeof props.content === 'string';
          if (!svg) return React.createElement(Original, props as Record<string, unknown>);
          return React.createElement(
            'div',
            null,
            React.createElement('h5', null, 'Response body'),
            React.createElement('img', {
              className: 'svg-answer',
              alt: 'Chart',
              style: { maxWidth: '100%', background: '#ffffff', border: '1px solid #d8dde7' },
              src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(props.content as string)}`,
            }),
          );
        },
    },
  };
}

/** Swagger UI's own plugin that reads `?url=` (the page's default list of plugins, which `plugins` replaces). */
export function downloadUrl(system: unknown): unknown {
  return SwaggerUIBundle.plugins.DownloadUrl(system);
}

/**
 * How Swagger UI opens: operations collapsed (a click opens one), the filter box (tag names), deep links to an
 * operation, the schemas section hidden (a few hundred models), charts shown as pictures. With 200 operations
 * expanded and every model listed it took seconds to draw; collapsed it is interactive in well under that
 * (bench/RESULTS.md, "Swagger UI").
 */
export function swaggerUiOptions(isProduction: boolean): SwaggerUiOptions {
  return {
    // In production a token pasted into Authorize is not kept in the browser's storage (spec 03 §1.21).
    persistAuthorization: !isProduction,
    displayRequestDuration: true,
    deepLinking: true,
    operationsSorter: 'alpha',
    docExpansion: 'none',
    filter: true,
    defaultModelsExpandDepth: -1,
    defaultModelExpandDepth: 1,
    plugins: [downloadUrl, svgAnswersAsPictures],
  };
}
