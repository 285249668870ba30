/**
 * The planner: a workload compiled into an immutable plan of stages with every default resolved.
 */
package io.s3workload.plan;
