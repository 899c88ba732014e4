//! Tests of the Snake domain: rules, graph views, pictures, the agents and the cycles.

mod pictures;
mod snake;
mod snake_agents;
mod snake_best;
mod snake_cycle;
mod snake_engines;
mod snake_views;
