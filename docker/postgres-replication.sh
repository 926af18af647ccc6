#!/bin/sh
# Runs once, when the primary's data folder is first made (docker-entrypoint-initdb.d): the role the
# replica streams WAL as, the pg_hba.conf line that lets it connect for replication, and the
# physical slot that keeps the WAL the replica has not received yet. NOT RUN HERE: our machines
# have no Docker engine (docs/operations.md, "Read replicas"). On a primary made before this file
# existed, run the same three statements by hand.
set -e
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<SQL
create role replicator with replication login password '${REPLICATION_PASSWORD}';
select pg_create_physical_replication_slot('replica_1');
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
