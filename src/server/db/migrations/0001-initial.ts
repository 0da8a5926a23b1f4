import { type Kysely, sql } from 'kysely';

/**
 * The whole data model of the spec (both documents). Every tenant-owned table has `tenant_id`
 * leading its primary key, its foreign keys and every index, so the schema can be distributed by
 * tenant_id (Citus) without change. Money is numeric(12,2). Syncable tables carry change_seq
 * (what the incremental pull walks) and deleted_at; their (tenant_id, change_seq) index serves
 * GET /sync/pull.
 *
 * Statements are run one at a time: PGlite's extended protocol takes one command per query.
 */
const up: string[] = [
  `CREATE TABLE tenants (
    id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
    company_name text NOT NULL,
    subdomain text NOT NULL,
    full_domain text,
    subscription_plan text NOT NULL DEFAULT 'basic' CHECK (subscription_plan IN ('free','basic','pro','enterprise')),
    is_active boolean NOT NULL DEFAULT true,
    dns_status text NOT NULL DEFAULT 'pending',
    logo_url text,
    primary_color text NOT NULL DEFAULT '#1976d2',
    secondary_color text NOT NULL DEFAULT '#dc004e',
    company_description text,
    timezone text NOT NULL DEFAULT 'Europe/Istanbul',
    currency text NOT NULL DEFAULT 'TRY',
    language text NOT NULL DEFAULT 'tr',
    order_number_prefix text NOT NULL DEFAULT 'ORD',
    customer_number_prefix text NOT NULL DEFAULT 'CUST',
    legal_name text,
    tax_number text,
    tax_office text,
    address text,
    phone text,
    email text,
    website text,
    system_name text NOT NULL DEFAULT 'Sipariş Yönetim Sistemi',
    system_version text NOT NULL DEFAULT '1.0.0',
    maintenance_mode boolean NOT NULL DEFAULT false,
    registration_enabled boolean NOT NULL DEFAULT false,
    session_timeout integer NOT NULL DEFAULT 720 CHECK (session_timeout BETWEEN 5 AND 1440),
    max_login_attempts integer NOT NULL DEFAULT 5 CHECK (max_login_attempts BETWEEN 3 AND 10),
    password_min_length integer NOT NULL DEFAULT 6 CHECK (password_min_length BETWEEN 6 AND 20),
    require_strong_password boolean NOT NULL DEFAULT false,
    email_notifications boolean NOT NULL DEFAULT true,
    sms_notifications boolean NOT NULL DEFAULT false,
    backup_frequency text NOT NULL DEFAULT 'daily' CHECK (backup_frequency IN ('daily','weekly','monthly')),
    backup_retention_days integer NOT NULL DEFAULT 30 CHECK (backup_retention_days BETWEEN 7 AND 365),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX tenants_subdomain_key ON tenants (lower(subdomain))`,

  // One row per tenant; its row lock orders the tenant's writers (db/change-seq.ts).
  `CREATE TABLE tenant_counters (
    tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
    change_seq bigint NOT NULL DEFAULT 0,
    order_seq bigint NOT NULL DEFAULT 0,
    customer_seq bigint NOT NULL DEFAULT 0
  )`,

  `CREATE TABLE users (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id uuid NOT NULL,
    username text NOT NULL,
    password_hash text NOT NULL,
    full_name text NOT NULL,
    email text,
    phone text,
    role text NOT NULL CHECK (role IN ('admin','manager','salesperson','warehouse','driver')),
    is_active boolean NOT NULL DEFAULT true,
    last_login timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
  )`,
  `CREATE UNIQUE INDEX users_username_key ON users (tenant_id, lower(username))`,
  `CREATE INDEX users_role_idx ON users (tenant_id, role)`,

  `CREATE TABLE sessions (
    tenant_id text NOT NULL,
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    ip text,
    user_agent text,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
  )`,
  `CREATE INDEX sessions_user_idx ON sessions (tenant_id, user_id)`,
  `CREATE INDEX sessions_expires_idx ON sessions (tenant_id, expires_at)`,

  `CREATE TABLE login_attempts (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    username text NOT NULL,
    failed_count integer NOT NULL DEFAULT 0,
    locked_until timestamptz,
    last_failed_at timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, username)
  )`,

  `CREATE TABLE customers (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id uuid NOT NULL,
    customer_number text NOT NULL,
    full_name text NOT NULL,
    company_name text,
    phone text,
    email text,
    address text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz,
    change_seq bigint NOT NULL,
    PRIMARY KEY (tenant_id, id)
  )`,
  `CREATE UNIQUE INDEX customers_number_key ON customers (tenant_id, customer_number)`,
  `CREATE INDEX customers_change_seq_idx ON customers (tenant_id, change_seq)`,

  `CREATE TABLE products (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id uuid NOT NULL,
    name text NOT NULL,
    product_code text NOT NULL,
    barcode text CHECK (barcode ~ '^[0-9]{8,14}$'),
    description text,
    category text,
    brand text,
    unit text NOT NULL DEFAULT 'adet',
    selling_price numeric(12,2) NOT NULL CHECK (selling_price >= 0),
    cost_price numeric(12,2) CHECK (cost_price >= 0),
    discounted_price numeric(12,2) CHECK (discounted_price >= 0),
    current_stock integer NOT NULL DEFAULT 0,
    reserved_stock integer NOT NULL DEFAULT 0,
    min_stock integer NOT NULL DEFAULT 0,
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active','inactive','discontinued','out_of_stock')),
    images jsonb NOT NULL DEFAULT '[]',
    tags jsonb NOT NULL DEFAULT '[]',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz,
    change_seq bigint NOT NULL,
    PRIMARY KEY (tenant_id, id)
  )`,
  `CREATE UNIQUE INDEX products_code_key ON products (tenant_id, product_code) WHERE deleted_at IS NULL`,
  `CREATE UNIQUE INDEX products_barcode_key ON products (tenant_id, barcode) WHERE barcode IS NOT NULL AND deleted_at IS NULL`,
  `CREATE INDEX products_change_seq_idx ON products (tenant_id, change_seq)`,
  `CREATE INDEX products_category_idx ON products (tenant_id, category)`,

  `CREATE TABLE orders (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id uuid NOT NULL,
    order_number text NOT NULL,
    customer_id uuid,
    customer_name text NOT NULL,
    customer_phone text,
    customer_email text,
    customer_address text,
    status text NOT NULL,
    total_amount numeric(12,2) NOT NULL CHECK (total_amount >= 0),
    salesperson_id uuid,
    manager_id uuid,
    warehouse_id uuid,
    driver_id uuid,
    vehicle_plate text,
    notes text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz,
    change_seq bigint NOT NULL,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id),
    FOREIGN KEY (tenant_id, salesperson_id) REFERENCES users (tenant_id, id),
    FOREIGN KEY (tenant_id, driver_id) REFERENCES users (tenant_id, id)
  )`,
  `CREATE UNIQUE INDEX orders_number_key ON orders (tenant_id, order_number)`,
  `CREATE INDEX orders_change_seq_idx ON orders (tenant_id, change_seq)`,
  `CREATE INDEX orders_status_idx ON orders (tenant_id, status, created_at DESC)`,
  `CREATE INDEX orders_salesperson_idx ON orders (tenant_id, salesperson_id, created_at DESC)`,
  `CREATE INDEX orders_driver_idx ON orders (tenant_id, driver_id)`,
  `CREATE INDEX orders_created_idx ON orders (tenant_id, created_at DESC)`,

  `CREATE TABLE order_items (
    tenant_id text NOT NULL,
    id uuid NOT NULL,
    order_id uuid NOT NULL,
    position integer NOT NULL DEFAULT 0,
    product_id uuid,
    product_name text NOT NULL,
    barcode text,
    quantity integer NOT NULL CHECK (quantity > 0),
    scanned_quantity integer NOT NULL DEFAULT 0 CHECK (scanned_quantity >= 0),
    unit_price numeric(12,2) NOT NULL CHECK (unit_price >= 0),
    total_price numeric(12,2) NOT NULL CHECK (total_price >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, order_id) REFERENCES orders (tenant_id, id) ON DELETE CASCADE
  )`,
  `CREATE INDEX order_items_order_idx ON order_items (tenant_id, order_id, position)`,

  `CREATE TABLE order_events (
    tenant_id text NOT NULL,
    id uuid NOT NULL,
    order_id uuid NOT NULL,
    event_type text NOT NULL,
    from_status text,
    to_status text NOT NULL,
    user_id uuid,
    user_name text,
    notes text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, order_id) REFERENCES orders (tenant_id, id) ON DELETE CASCADE
  )`,
  `CREATE INDEX order_events_order_idx ON order_events (tenant_id, order_id, created_at)`,

  `CREATE TABLE notifications (
    tenant_id text NOT NULL,
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    type text NOT NULL,
    title text NOT NULL,
    message text NOT NULL,
    is_read boolean NOT NULL DEFAULT false,
    read_at timestamptz,
    related_order_id uuid,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz,
    change_seq bigint NOT NULL,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
  )`,
  `CREATE INDEX notifications_user_idx ON notifications (tenant_id, user_id, created_at DESC) WHERE deleted_at IS NULL`,
  `CREATE INDEX notifications_change_seq_idx ON notifications (tenant_id, change_seq)`,

  // The stored outcome of a mutation, written in the same transaction as the mutation.
  `CREATE TABLE idempotency_keys (
    tenant_id text NOT NULL,
    user_id uuid NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    status_code integer NOT NULL,
    response json NOT NULL, -- json, not jsonb: the replay is byte-for-byte the first answer
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, user_id, key)
  )`,
  `CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (tenant_id, created_at)`,

  `CREATE TABLE audit_logs (
    tenant_id text NOT NULL,
    id uuid NOT NULL,
    level text NOT NULL DEFAULT 'info' CHECK (level IN ('info','warning','error')),
    action text NOT NULL,
    entity text,
    entity_id text,
    message text,
    user_id uuid,
    user_name text,
    ip text,
    user_agent text,
    idempotency_key text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
  )`,
  `CREATE INDEX audit_logs_created_idx ON audit_logs (tenant_id, created_at DESC)`,
  `CREATE INDEX audit_logs_entity_idx ON audit_logs (tenant_id, entity, entity_id)`,

  `CREATE TABLE company_registrations (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id uuid NOT NULL,
    company_name text NOT NULL,
    industry text,
    contact_person_name text NOT NULL,
    contact_person_email text NOT NULL,
    contact_person_phone text,
    subdomain text NOT NULL,
    subscription_plan text NOT NULL DEFAULT 'basic',
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected','suspended')),
    email_verified boolean NOT NULL DEFAULT false,
    address_street text,
    address_city text,
    address_state text,
    address_country text,
    reason text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
  )`,
  `CREATE INDEX company_registrations_status_idx ON company_registrations (tenant_id, status, created_at DESC)`,
];

const down = [
  'company_registrations',
  'audit_logs',
  'idempotency_keys',
  'notifications',
  'order_events',
  'order_items',
  'orders',
  'products',
  'customers',
  'login_attempts',
  'sessions',
  'users',
  'tenant_counters',
  'tenants',
];

export async function up0001(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0001(db: Kysely<unknown>): Promise<void> {
  for (const table of down) await sql.raw(`DROP TABLE IF EXISTS ${table} CASCADE`).execute(db);
}
