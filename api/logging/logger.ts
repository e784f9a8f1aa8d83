import type { LogLevel } from '../settings';
import { redact } from './redact';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

export type LogLine = { level: LogLevel; message: string; time: string } & LogFields;

export type LogSink = (line: LogLine) => void;

export const stdoutSink: LogSink = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);

/**
 * Structured JSON lines at or above `level`; extra sinks receive the same lines. Every line is
 * redacted before any sink sees it, so no sink can leak a secret.
 */
export function createLogger(level: LogLevel, sinks: LogSink[] = [stdoutSink], base: LogFields = {}): Logger {
  const write = (lineLevel: LogLevel, message: string, fields?: LogFields) => {
    if (ORDER[lineLevel] < ORDER[level]) return;
    const line = redact({ time: new Date().toISOString(), level: lineLevel, message, ...base, ...fields });
    for (const sink of sinks) sink(line);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger(level, sinks, { ...base, ...fields }),
  };
}

/** The same logger with one more sink: lines at or above `level` also go to `sink`, redacted. */
export function withSink(logger: Logger, level: LogLevel, sink: LogSink, base: LogFields = {}): Logger {
  const both = (lineLevel: LogLevel) => (message: string, fields?: LogFields) => {
    logger[lineLevel](message, fields);
    if (ORDER[lineLevel] < ORDER[level]) return;
    sink(redact({ time: new Date().toISOString(), level: lineLevel, message, ...base, ...fields }));
  };
  return {
    debug: both('debug'),
    info: both('info'),
    warn: both('warn'),
    error: both('error'),
    child: (fields) => withSink(logger.child(fields), level, sink, { ...base, ...fields }),
  };
}

export const silentLogger: Logger = createLogger('error', []);
