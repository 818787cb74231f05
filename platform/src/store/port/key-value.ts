/** Small durable settings: indexer checkpoints and the like. */
export interface KeyValueRepository {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}
